import 'server-only';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { z } from 'zod';
import { answerBooking, serviceSheet, setAutoOffers } from '@/server/staff/sheet';
import type { StaffAction } from '@/server/staff/view';
import type { CallContext, Envelope } from '@/server/backend/call';
import { venueMetrics } from '@/server/staff/metrics';
import { undoAttendance } from '@/server/staff/undo';
import { searchBookings } from '@/server/staff/search';

/**
 * The venue's side of table bookings (issue 23; docs/backend-contract.md, "The venue's
 * answers"): `staff/day` and the five answers. Venue-side calls: over HTTP they take the
 * venue's credential (server/backend/http.ts).
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));
const answerInput = z.object({
  hash: z.string().refine(isWellFormedBookingHash),
  version: z.coerce.number().int().min(0).max(1_000_000),
  note: z.string().max(500, 'noteTooLong').optional().default(''),
});

/** `staff/day {date}` → `{date, today, timezone, shifts: [{key, name, capacity, covers, bookings}], waitingList}`. */
export async function staffDay({ db, venue, params }: CallContext): Promise<Envelope> {
  const date = day.safeParse(params.get('date'));
  if (!date.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { date: 'invalid' } };
  return { status: true, data: await serviceSheet(db, venue, date.data) };
}

const readAnswer = (params: URLSearchParams) => {
  const q = answerInput.safeParse(Object.fromEntries(params.entries()));
  if (q.success) return q;
  const field = String(q.error.issues[0]?.path[0] ?? 'hash');
  return { success: false as const, refusal: { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { [field]: q.error.issues[0]?.message === 'noteTooLong' ? 'noteTooLong' : 'invalid' } } };
};

/**
 * Refusals that are not about the booking's version or status, with the booking as it is now:
 * `tooEarly` (a no-show before the booking's start plus the venue's grace), `undoExpired`
 * (an undo after UNDO_MINUTES), `feePending` (an undo of a no-show whose fee is still on its way).
 */
const REFUSALS = new Set(['tooEarly', 'undoExpired', 'feePending']);

/**
 * `staff/{action} {hash, version, note?}` → `{result: 'done', booking}`; `409 {result:
 * 'changed' | 'notAllowed', booking}` (the booking as it is now); `409 tooEarly` (with
 * `data.booking`); `404 notFound`; `400` for bad input.
 */
const answer =
  (action: StaffAction) =>
  async ({ db, venue, params, venueKey }: CallContext): Promise<Envelope> => {
    const q = readAnswer(params);
    if (!q.success) return q.refusal;
    const result = await answerBooking(db, venue, { ...q.data, action, by: 'staff', host: venueKey });
    if (result.result === 'notFound') return { httpStatus: 404, status: false, error: 'notFound' };
    if (REFUSALS.has(result.result)) return { httpStatus: 409, status: false, error: result.result, data: { booking: result.booking } };
    return { httpStatus: result.result === 'done' ? 200 : 409, status: true, data: result };
  };

/**
 * `staff/undo {hash, version}` (issue 41): staff's last mark, arrived or no-show, taken back
 * within 10 minutes (an undone no-show's fee refunded in full, once) → `{result: 'done',
 * booking}`; `409 {result: 'changed' | 'notAllowed', booking}`; `409 undoExpired | feePending`.
 */
export async function staffUndo({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = readAnswer(params);
  if (!q.success) return q.refusal;
  const result = await undoAttendance(db, venue, { hash: q.data.hash, version: q.data.version });
  if (result.result === 'notFound') return { httpStatus: 404, status: false, error: 'notFound' };
  if (REFUSALS.has(result.result)) return { httpStatus: 409, status: false, error: result.result, data: { booking: result.booking } };
  return { httpStatus: result.result === 'done' ? 200 : 409, status: true, data: result };
}

export const staffConfirm = answer('confirm');
export const staffDecline = answer('decline');
export const staffArrived = answer('arrived');
export const staffNoShow = answer('noshow');
export const staffCancel = answer('cancel');
export const staffRefundFee = answer('refundfee');
export const staffOffer = answer('offer');

/** `staff/autooffers {enabled: 1 | 0}` → `{autoOffers}`: automatic waiting-list offers on or off. */
export async function staffAutoOffers({ db, venue, params }: CallContext): Promise<Envelope> {
  const enabled = params.get('enabled');
  if (enabled !== '1' && enabled !== '0') return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { enabled: 'invalid' } };
  return { status: true, data: await setAutoOffers(db, venue, enabled === '1') };
}

/** `staff/metrics {month?: yyyy-mm}` → the month's offers, reminders and no-shows (server/staff/metrics.ts). */
export async function staffMetrics({ db, venue, params }: CallContext): Promise<Envelope> {
  const month = params.get('month');
  if (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { month: 'invalid' } };
  return { status: true, data: await venueMetrics(db, venue, month || undefined) };
}

/**
 * `staff/search {q}` (issue 44) → `{q, bookings}`: the venue's table bookings on any day by
 * name, phone or booking code, the latest days first (server/staff/search.ts); 400 for a query
 * of fewer than 2 or more than 100 characters.
 */
export async function staffSearch({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = (params.get('q') ?? '').trim();
  if (q.length < 2 || q.length > 100) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { q: 'invalid' } };
  return { status: true, data: await searchBookings(db, venue, q) };
}
