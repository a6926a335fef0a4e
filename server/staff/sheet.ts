import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, venues, type ReservationRow, type Texts, type VenueRow } from '@/server/db/schema';
import { isWellFormedHash } from '@/server/booking/changes';
import { loadBookingVenue } from '@/server/booking/service';
import { isoWeekday, slotTimes } from '@/server/booking/availability';
import { localMoment } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import { forgetVenueContexts, type VenueContext } from '@/server/venues/context';
import { announceVenueChange } from '@/server/venues/notify';
import { experienceSheet, experienceSheetRows } from './experience-answers';
import { answerOne, EXPERIENCE_ANSWERS, findExperienceToAnswer, TABLE_ANSWERS, zoneNamesOf } from './answers';
import { offerByHand, offersOf, sweepWaitlists } from '@/server/booking/waitlist';
import { bookingRulesSchema } from '@/server/booking/rules';
import { tableOptions } from '@/server/booking/tables';
import { feesOfDay } from '@/server/payments/noshow';
import { shiftTally } from './tally';
import { identityOf, profilesOf } from '@/server/guests/profiles';
import { staffBookingView, timingOf, type AnsweredBy, type StaffAction, type StaffBooking } from './view';

/**
 * The venue's side of bookings (issue 23): the service sheet of a day, and the door of the
 * staff's answers to a booking (confirm, decline, arrived, no-show, cancel by the venue), whose
 * one path for tables and experiences is server/staff/answers.ts.
 */

export const NOTE_MAX = 500;

/** The statuses the sheet shows: standing bookings, the waiting list, and the day's answers. */
const SHOWN: ReservationRow['status'][] = ['confirmed', 'pending', 'waitinglist', 'declined', 'cancelled'];

/** The title of the experience added to a table booking (standing: confirmed, pending or on the waiting list), as a column of a reservations read. */
const addedExperienceTitle = sql<Texts | null>`(select e.title from experience_bookings b inner join experiences e on e.id = b.experience_id where b.reservation_id = "reservations"."id" and b.status in ('confirmed', 'pending', 'waitinglist') limit 1)`;

/** The venue's date today, where it is. */
export const venueToday = (venue: VenueRow, now = clockNow()) => localMoment(venue.timezone, now).date;

/**
 * `staff/day`: a day's bookings by shift and time, the covers each shift holds against its
 * capacity (confirmed and pending count, as for availability), the waiting list in the
 * order guests joined it, and the experiences booked on their own (their places are the
 * experience's, not the shift's).
 */
export async function serviceSheet(db: Db, venue: VenueRow, date: string) {
  // Statements whatever the number of bookings (issue 42): the set-up, the day's table bookings
  // (each with its added experience's title), its experience bookings, their fees, the offers.
  const v = await loadBookingVenue(db, venue);
  const zoneNames = new Map(v.zones.map((z) => [z.key, z.name]));
  const [found, experienceRows] = await Promise.all([
    db
      .select({ r: reservations, experience: addedExperienceTitle })
      .from(reservations)
      .where(and(eq(reservations.venueId, venue.id), eq(reservations.date, date), inArray(reservations.status, SHOWN)))
      .orderBy(asc(reservations.time), asc(reservations.createdAt), asc(reservations.id)),
    experienceSheetRows(db, venue, date),
  ]);
  const rows = found.map(({ r }) => r);
  // Every booking's fee, also one given back by an undone no-show (the booking's attendance cleared).
  // And the guests' profiles (issue 44): their history and staff's notes and tags, two statements for the whole day.
  const [fees, offers, profiles] = await Promise.all([
    feesOfDay(db, { table: rows.map((r) => r.id), experience: experienceRows.map(({ b }) => b.id) }),
    offersOf(db, rows.map((r) => r.id)),
    profilesOf(db, venue, rows.map((r) => identityOf(r, venue.country))),
  ]);
  const timing = timingOf(venue);
  const views = found.map(({ r, experience }, i) => ({ ...staffBookingView(r, zoneNames, timing, experience, fees.table.get(r.id) ?? null, offers.get(r.id) ?? null), guest: profiles[i] }));
  const weekday = isoWeekday(date);
  const booked = new Set(rows.map((r) => r.shiftKey));
  const shifts = v.shifts
    .filter((s) => s.weekdays.includes(weekday) || booked.has(s.key))
    .map((s) => {
      const bookings = views.filter((b) => b.shift === s.key && b.status !== 'waitinglist');
      return {
        key: s.key,
        name: (s as { name?: Texts }).name ?? { it: s.key },
        startTime: s.startTime,
        endTime: s.endTime,
        capacity: s.capacity,
        covers: bookings.filter((b) => b.status === 'confirmed' || b.status === 'pending').reduce((sum, b) => sum + b.covers, 0),
        /** Expected, seated, no-show and the covers left (issue 44), from these same bookings. */
        tally: shiftTally(s.capacity, bookings),
        bookings,
      };
    });
  const waitingList = views.filter((b) => b.status === 'waitinglist').sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const experiences = experienceSheet(venue, experienceRows, zoneNames, fees.experience);
  // `now`: the server's time, which the sheet holds `noShowFrom` and `undoUntil` against (not the device's clock).
  // What the sheet's forms offer (issue 44): the venue's zones, and the slot times of every shift (a staff booking or change picks one).
  const forms = { zones: v.zones.map((z) => ({ key: z.key, name: z.name as Texts })), times: [...new Set(v.shifts.flatMap((s) => slotTimes(s)))].sort(), tables: v.zones.flatMap((z) => tableOptions(v.rules, z.key)) };
  return { date, today: venueToday(venue), now: clockNow().toISOString(), timezone: venue.timezone, currency: venue.currency, shifts, waitingList, experiences, autoOffers: v.rules.waitlistOffers.automatic, ...forms };
}

/** `tooEarly`: a no-show before the booking's start plus the venue's grace (issue 41), refused with the booking as it is. */
export type StaffOutcome = { result: 'done' | 'changed' | 'notAllowed' | 'noSeats' | 'tooEarly'; booking: StaffBooking } | { result: 'notFound' };

/**
 * One answer of the venue to a booking by its hash, as `by` (server/staff/answers.ts): a table
 * booking's, else an experience's booked on its own; staff's offer of freed seats to a
 * waiting-list entry is a table booking's only.
 */
export async function answerBooking(
  db: Db,
  venue: VenueRow,
  input: { hash: string; action: StaffAction; version: number | null; note?: string; by: AnsweredBy; host: string },
  now = clockNow(),
): Promise<StaffOutcome> {
  if (!isWellFormedHash(input.hash)) return { result: 'notFound' };
  const [current] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  const answer = { ...input, note: (input.note ?? '').trim().slice(0, NOTE_MAX) };
  if (current && input.action === 'offer') return offerToEntry(db, venue, current, input.version, now);
  if (current) return answerOne(db, venue, { row: current }, TABLE_ANSWERS, answer, now);
  const experience = await findExperienceToAnswer(db, venue, input.hash);
  return experience ? answerOne(db, venue, experience, EXPERIENCE_ANSWERS, answer, now) : { result: 'notFound' };
}

/** `staff/offer`: staff offer freed seats to a waiting-list entry of their choice (server/booking/waitlist.ts). */
async function offerToEntry(db: Db, venue: VenueRow, current: ReservationRow, version: number | null, now: Date): Promise<StaffOutcome> {
  const view = async () => {
    const [r] = await db.select().from(reservations).where(eq(reservations.id, current.id));
    return staffBookingView(r, await zoneNamesOf(db, venue.id), timingOf(venue), null, null, (await offersOf(db, [r.id])).get(r.id) ?? null);
  };
  if (version !== null && current.revision !== version) return { result: 'changed', booking: await view() };
  const outcome = await offerByHand(db, venue, current.hash, now);
  log.info('waitlist_offered_by_hand', { reservationId: current.id, outcome });
  return { result: outcome === 'done' ? 'done' : outcome === 'noSeats' ? 'noSeats' : 'notAllowed', booking: await view() };
}

/** `staff/autooffers {enabled}`: turns the automatic waiting-list offers on or off (until the next import of the venue file). */
export async function setAutoOffers(db: Db, venue: VenueContext, enabled: boolean) {
  const [row] = await db.select({ booking: venues.booking }).from(venues).where(eq(venues.id, venue.id));
  const booking = bookingRulesSchema.parse(row?.booking ?? undefined);
  await db.update(venues).set({ booking: { ...(row?.booking ?? booking), waitlistOffers: { ...booking.waitlistOffers, automatic: enabled } } }).where(eq(venues.id, venue.id));
  // Every instance reads the venue's rules afresh: this one now, the others on the notice.
  forgetVenueContexts();
  await announceVenueChange(db, venue.setup.hosts);
  log.info('waitlist_auto_offers', { venueId: venue.id, enabled });
  if (enabled) await sweepWaitlists(db, undefined, venue.id);
  return { autoOffers: enabled };
}
