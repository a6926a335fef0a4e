import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { TableDayQuery, TableMonthQuery } from '@/lib/backend/tables';
import { log } from '@/lib/log';
import { refusing } from '@/lib/backend/refusing';
import { countRefusal } from '@/server/observability/observe';
import { RATE_LIMITED, RateLimitedError } from '@/server/limits/config';
import { BookingError, getDay, getMonth } from './service';
import { cancelReservation, editReservation, findReservation, reservationView } from './changes';
import { codeStatus, resendCode, verifyCode } from './sms';
import type { ReservationData } from '@/lib/forms/reservation';

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

/** Runs a core call, its domain errors answered as their refusals. */
export const refusingBooking = <T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> => refusing<Outcome<T>>(run, bookingRefusal);

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

/** Moves a booking to the choice given (party, day, time, zone, details); its e-mails link to `linkHost`. */
export const tableEdit = (db: Db, venue: VenueContext, hash: string, data: ReservationData, linkHost: string) =>
  refusingBooking(async () => {
    const result = await editReservation(db, venue, hash, data, { host: linkHost });
    if (result.outcome === 'changed') return { status: true as const, data: { ...result, outcome: 'changed' as const } };
    return refused(result.outcome === 'notFound' ? 404 : 409, result.outcome);
  });

/** The SMS code of a suspended booking, from `clientAddress` (its wrong tries are counted per address). */
type CodeAnswer = { outcome: 'confirm' | 'accept' } | { outcome: 'suspendedError' } | { outcome: 'codeWrong'; attemptsLeft: number };
export const tableVerifyCode = (db: Db, venue: VenueContext, input: { hash: string; code: string; clientAddress?: string }, linkHost: string) =>
  refusingBooking<CodeAnswer>(async () => {
    const result = await verifyCode(db, venue, { hash: input.hash, code: input.code, ip: input.clientAddress || 'unknown', host: linkHost });
    if ('outcome' in result) return { status: true as const, data: result };
    if (result.error === 'notFound') return refused(404, 'notFound');
    if (result.error === 'tooManyAttempts') return refused(429, 'tooManyAttempts');
    return { status: true as const, data: { outcome: 'codeWrong' as const, attemptsLeft: 'attemptsLeft' in result ? result.attemptsLeft : 0 } };
  });

/** A new SMS code for a suspended booking, or why not (`resendTooSoon`, `resendLimit`: 429; not suspended: 409). */
export async function tableResendCode(db: Db, venue: VenueContext, hash: string) {
  const result = await resendCode(db, venue, hash);
  if ('expiresAt' in result) return { status: true as const, data: { expiresAt: result.expiresAt.toISOString() } };
  if (result.error === 'notFound') return refused(404, 'notFound');
  return refused(result.error === 'notSuspended' ? 409 : 429, result.error);
}
