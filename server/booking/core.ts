import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { TableDayQuery, TableMonthQuery } from '@/lib/backend/tables';
import { log } from '@/lib/log';
import { countRefusal } from '@/server/observability/observe';
import { RATE_LIMITED, RateLimitedError } from '@/server/limits/config';
import { BookingError, getDay, getMonth } from './service';
import { cancelReservation, findReservation, reservationView } from './changes';
import { codeStatus } from './sms';

/**
 * The table bookings' core (issue 42): typed input on a resolved venue, a typed answer or a
 * typed refusal. Both doors call it: the built-in backend directly (server/backend/builtin.ts),
 * the contract's inbound adapter after reading the wire (server/booking/calls.ts), so the two
 * answer alike by construction.
 */
export type Refusal = { status: false; error: string; fieldErrors?: Record<string, string>; httpStatus: number; data?: { limit: string; retryAfter: number } };
export type Outcome<T> = { status: true; data: T } | Refusal;

const refused = (httpStatus: number, error: string, fieldErrors?: Record<string, string>): Refusal => ({ status: false, error, httpStatus, ...(fieldErrors ? { fieldErrors } : {}) });

/** A domain error as its refusal (bad input a 400 with a message key, an abuse limit a 429), never a 500; anything else is thrown on. */
export function bookingRefusal(error: unknown): Refusal | undefined {
  if (error instanceof BookingError) {
    log.info('reservation_refused', { code: error.code });
    countRefusal('table', error.code);
    return refused(400, error.code, error.field ? { [error.field]: error.code } : {});
  }
  if (error instanceof RateLimitedError) {
    log.warn('rate_limited', { limit: error.limit });
    countRefusal('table', RATE_LIMITED);
    return { status: false, httpStatus: 429, error: RATE_LIMITED, data: { limit: error.limit, retryAfter: error.retryAfterSeconds } };
  }
  return undefined;
}

export async function refusingBooking<T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    const refusal = bookingRefusal(error);
    if (refusal) return refusal;
    throw error;
  }
}

/** The booking being moved, by its hash: its own seats do not count against the new choice. */
export async function movingBooking(db: Db, venue: VenueContext, hash: string | undefined) {
  if (!hash) return undefined;
  const r = await findReservation(db, venue, hash);
  if (!r) throw new BookingError('notFound', 'hash');
  return r.id;
}

/** A month's day states for a party. */
export const tableMonth = (db: Db, venue: VenueContext, q: TableMonthQuery) =>
  refusingBooking(async () => ({ status: true as const, data: await getMonth(db, venue, { year: q.year, month: q.month, pax: q.pax, module: q.module || undefined, editing: await movingBooking(db, venue, q.editing) }) }));

/** A day's slots and zones for a party, and why it is full when it is. */
export const tableDay = (db: Db, venue: VenueContext, q: TableDayQuery) =>
  refusingBooking(async () => ({ status: true as const, data: await getDay(db, venue, { date: q.date, pax: q.pax, module: q.module || undefined, editing: await movingBooking(db, venue, q.editing) }) }));

/** A booking as its guest's pages show it. */
export async function tableBooking(db: Db, venue: VenueContext, hash: string): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof reservationView>>>>> {
  const view = await reservationView(db, venue, hash);
  return view ? { status: true, data: view } : refused(404, 'notFound');
}

/** The SMS step's state of a booking. */
export async function tableCodeStatus(db: Db, venue: VenueContext, hash: string): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof codeStatus>>>>> {
  const status = await codeStatus(db, venue, hash);
  return status ? { status: true, data: status } : refused(404, 'notFound');
}

/** Cancels a booking by its guest; its e-mails link to `linkHost`. */
export async function tableCancel(db: Db, venue: VenueContext, hash: string, linkHost: string) {
  const result = await cancelReservation(db, venue, hash, { host: linkHost });
  if (result.outcome === 'cancelled') return { status: true as const, data: result };
  return refused(result.outcome === 'notFound' ? 404 : 409, result.outcome);
}
