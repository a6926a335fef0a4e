import 'server-only';
import { fieldErrors } from '@/lib/forms/fields';
import { experienceMoveSchema } from '@/lib/forms/experience';
import { experienceBooking, experienceCancel, experienceEdit } from '@/server/experiences/core';
import type { CallContext, Envelope } from '@/server/backend/call';

/**
 * The guest's changes to an experience booked on its own (*additions*, docs/backend-contract.md
 * "Experience bookings"): `getreserve`, `editreserve`, `cancelreserve`, as `reservation/get`,
 * `edit` and `cancel` are for a table.
 */

/** `experience/getreserve {hash}` → the booking, or `notFound` (404) for an unknown or malformed hash. */
export const getExperienceReserve = ({ db, venue, params }: CallContext): Promise<Envelope> => experienceBooking(db, venue, params.get('hash') ?? '');

/** `experience/editreserve {hash, day, time, pax, zone}` → `{outcome: 'changed'}`, or a `reserveEdit*Error` / `notChangeable` (409). */
export async function editExperienceReserve({ db, venue, params, venueKey }: CallContext): Promise<Envelope> {
  const q = experienceMoveSchema.safeParse(Object.fromEntries(params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  const { hash, ...change } = q.data;
  // Its e-mails link to the venue's own host (the contract's answer, recorded).
  return experienceEdit(db, venue, hash, change, venueKey);
}

/** `experience/cancelreserve {hash}` → `{outcome: 'cancelled', feeCents, refundCents}` (also when already cancelled), or `notChangeable` (409). */
export const cancelExperienceReserve = ({ db, venue, params, venueKey }: CallContext): Promise<Envelope> => experienceCancel(db, venue, params.get('hash') ?? '', venueKey);
