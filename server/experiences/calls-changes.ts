import 'server-only';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { experienceChoiceSchema } from '@/lib/forms/experience';
import { log } from '@/lib/log';
import { BookingError } from '@/server/booking/errors';
import { cancelExperienceBooking, editExperienceBooking, experienceBookingView } from '@/server/experiences/changes';
import type { CallContext, Envelope } from '@/server/backend/call';
import { notFound } from '../backend/answers';

/**
 * The guest's changes to an experience booked on its own (*additions*, docs/backend-contract.md
 * "Experience bookings"): `getreserve`, `editreserve`, `cancelreserve`, as `reservation/get`,
 * `edit` and `cancel` are for a table.
 */

/** `experience/getreserve {hash}` → the booking, or `notFound` (404) for an unknown or malformed hash. */
export async function getExperienceReserve({ db, venue, params }: CallContext): Promise<Envelope> {
  const view = await experienceBookingView(db, venue, params.get('hash') ?? '');
  return view ? { status: true, data: view } : notFound;
}

/** `experience/editreserve {hash, day, time, pax, zone}` → `{outcome: 'changed'}`, or a `reserveEdit*Error` / `notChangeable` (409). */
export async function editExperienceReserve({ db, venue, params, venueKey }: CallContext): Promise<Envelope> {
  const q = experienceChoiceSchema.omit({ experienceId: true }).extend({ hash: z.string().max(64) }).safeParse(Object.fromEntries(params.entries()));
  if (!q.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) };
  try {
    const result = await editExperienceBooking(db, venue, q.data.hash, q.data, { host: venueKey });
    if (result.outcome === 'changed') return { status: true, data: result };
    return { httpStatus: result.outcome === 'notFound' ? 404 : 409, status: false, error: result.outcome };
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    log.info('experience_edit_refused', { code: error.code });
    return { httpStatus: 400, status: false, error: error.code, fieldErrors: error.field ? { [error.field]: error.code } : {} };
  }
}

/** `experience/cancelreserve {hash}` → `{outcome: 'cancelled', feeCents, refundCents}` (also when already cancelled), or `notChangeable` (409). */
export async function cancelExperienceReserve({ db, venue, params, venueKey }: CallContext): Promise<Envelope> {
  const result = await cancelExperienceBooking(db, venue, params.get('hash') ?? '', { host: venueKey });
  if (result.outcome === 'cancelled') return { status: true, data: result };
  return { httpStatus: result.outcome === 'notFound' ? 404 : 409, status: false, error: result.outcome };
}
