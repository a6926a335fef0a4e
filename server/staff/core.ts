import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { ok, refused, type Outcome } from '@/lib/backend/outcome';
import type { StaffAnswerAction, StaffAnswerInput, StaffGuestInput } from '@/lib/backend/staff';
import { saveGuestNote } from '@/server/guests/profiles';
import { answerBooking, NOTE_MAX, serviceSheet, setAutoOffers } from './sheet';
import { undoAttendance } from './undo';
import { venueMetrics } from './metrics';
import { searchBookings } from './search';
import type { StaffBooking } from './view';

/**
 * The staff area's core (issue 42, "One core, two doors"): the day sheet, the search, the month's
 * figures, the answers to a booking and the guest's notes, on a resolved venue with typed input.
 * The contract's `staff/*` adapter (server/staff/calls.ts) reads the wire and calls these; the
 * built-in staff door (server/backend/builtin-staff.ts) calls them with the input the staff
 * area's handlers already have. Bad input is refused here, by the contract's rules, so both
 * doors refuse it alike.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (d: string) => ISO_DAY.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);

/** The day's sheet (`staff/day`); a date that is not a calendar day is a 400. */
export async function staffDaySheet(db: Db, venue: VenueContext, date: string): Promise<Outcome<Awaited<ReturnType<typeof serviceSheet>>>> {
  if (!isDay(date)) return refused(400, 'invalid', { date: 'invalid' });
  return ok(await serviceSheet(db, venue, date));
}

/** Bookings on any day by name, phone or booking code (`staff/search`); a query of fewer than 2 or more than 100 characters is a 400. */
export async function staffSearch(db: Db, venue: VenueContext, q: string): Promise<Outcome<Awaited<ReturnType<typeof searchBookings>>>> {
  const text = q.trim();
  if (text.length < 2 || text.length > 100) return refused(400, 'invalid', { q: 'invalid' });
  return ok(await searchBookings(db, venue, text));
}

/** The month's offers, reminders and no-shows (`staff/metrics`; the current month without one); a month not `yyyy-mm` is a 400. */
export async function staffMetrics(db: Db, venue: VenueContext, month?: string): Promise<Outcome<Awaited<ReturnType<typeof venueMetrics>>>> {
  if (month && !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return refused(400, 'invalid', { month: 'invalid' });
  return ok(await venueMetrics(db, venue, month || undefined));
}

/** Automatic waiting-list offers on or off (`staff/autooffers`). */
export async function staffAutoOffers(db: Db, venue: VenueContext, enabled: boolean): Promise<Outcome<{ autoOffers: boolean }>> {
  return ok(await setAutoOffers(db, venue, enabled));
}

/** An answer's result with the booking as it is now: `done`, or (a 409 on the wire) `changed`, `notAllowed`, `noSeats`. */
export type StaffAnswered = { result: 'done' | 'changed' | 'notAllowed' | 'noSeats'; booking: StaffBooking };
/** A refusal that is not about the booking's version or status, with the booking as it is now: `tooEarly`, `undoExpired`, `feePending` (409). */
export type StaffRefusedWithBooking = { status: false; error: 'tooEarly' | 'undoExpired' | 'feePending'; httpStatus: 409; data: { booking: StaffBooking } };

/** The first of the input's faults, as the contract's reader names it: the hash, the version, the note. */
function answerInputFault(input: StaffAnswerInput) {
  if (!isWellFormedBookingHash(input.hash)) return refused(400, 'invalid', { hash: 'invalid' });
  if (!Number.isInteger(input.version) || input.version < 0 || input.version > 1_000_000) return refused(400, 'invalid', { version: 'invalid' });
  if ((input.note ?? '').length > NOTE_MAX) return refused(400, 'invalid', { note: 'noteTooLong' });
  return null;
}

/**
 * One answer to a booking, a table's or an experience's (`staff/{action}`), or `undo`: staff's
 * last mark taken back within 10 minutes. `notFound` (404) for an unknown booking; the answer's
 * e-mails link to `linkHost`.
 */
export async function staffAnswer(db: Db, venue: VenueContext, action: StaffAnswerAction, input: StaffAnswerInput, linkHost: string): Promise<Outcome<StaffAnswered> | StaffRefusedWithBooking> {
  const fault = answerInputFault(input);
  if (fault) return fault;
  const result =
    action === 'undo'
      ? await undoAttendance(db, venue, { hash: input.hash, version: input.version })
      : await answerBooking(db, venue, { hash: input.hash, version: input.version, note: input.note ?? '', action, by: 'staff', host: linkHost });
  if (result.result === 'notFound') return refused(404, 'notFound');
  if (result.result === 'tooEarly' || result.result === 'undoExpired' || result.result === 'feePending') return { status: false, error: result.result, httpStatus: 409, data: { booking: result.booking } };
  return ok({ result: result.result, booking: result.booking });
}

/** The guest's notes and tags on their profile at the venue (`staff/guest`); a malformed hash is a 400, as the contract reads it. */
export async function staffGuest(db: Db, venue: VenueContext, input: StaffGuestInput) {
  if (!isWellFormedBookingHash(input.hash)) return refused(400, 'invalid', { hash: 'invalid' });
  return saveGuestNote(db, venue, { hash: input.hash, notes: input.notes.slice(0, 5_000), tags: input.tags });
}
