import 'server-only';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, venues, zones, type ReservationRow, type Texts, type VenueRow } from '@/server/db/schema';
import { kickDelivery } from '@/server/outbox/delivery';
import { queueReservationEmails, type ReservationNews } from '@/server/booking/emails';
import { isWellFormedHash } from '@/server/booking/changes';
import { loadBookingVenue, lockCapacity } from '@/server/booking/service';
import { cancelReservationExperience, experienceOfReservation } from '@/server/experiences/service';
import { isoWeekday, slotTimes } from '@/server/booking/availability';
import { localMoment } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import { forgetVenueContexts, type VenueContext } from '@/server/venues/context';
import { announceVenueChange } from '@/server/venues/notify';
import { answerExperienceBooking, experienceSheet, experienceSheetRows } from './experience-answers';
import { offerByHand, offersOf, offerWithin, sweepWaitlists } from '@/server/booking/waitlist';
import { bookingRulesSchema } from '@/server/booking/rules';
import { tableOptions } from '@/server/booking/tables';
import { chargeNoShow, claimFeeRefund, claimNoShowFee, feesOf, feesOfDay, refundNoShow } from '@/server/payments/noshow';
import { shiftTally } from './tally';
import { identityOf, profilesOf } from '@/server/guests/profiles';
import { actionAllowed, answerChanges, noShowFrom, staffBookingView, timingOf, type AnsweredBy, type StaffAction, type StaffBooking } from './view';

/**
 * The venue's side of table bookings (issue 23): the service sheet of a day, and the staff's
 * answers to a booking (confirm, decline, arrived, no-show, cancel by the venue). Every
 * answer is one transaction under the shift's capacity lock, checked against the booking's
 * version (`revision`, which every change bumps): an answer to a booking that changed
 * meanwhile is refused with the booking as it is now.
 */

/** The guest's e-mail of each answer (none for arrived and no-show). */
const NEWS: Partial<Record<StaffAction, ReservationNews>> = { confirm: 'confirm', decline: 'declined', cancel: 'venueCancelled' };

export const NOTE_MAX = 500;

/** The statuses the sheet shows: standing bookings, the waiting list, and the day's answers. */
const SHOWN: ReservationRow['status'][] = ['confirmed', 'pending', 'waitinglist', 'declined', 'cancelled'];

export async function zoneNamesOf(db: Db, venueId: number) {
  const rows = await db.select({ key: zones.key, name: zones.name }).from(zones).where(eq(zones.venueId, venueId));
  return new Map(rows.map((z) => [z.key, z.name]));
}

/** The title of the experience added to a table booking (standing: confirmed, pending or on the waiting list), as a column of a reservations read. */
const addedExperienceTitle = sql<Texts | null>`(select e.title from experience_bookings b inner join experiences e on e.id = b.experience_id where b.reservation_id = "reservations"."id" and b.status in ('confirmed', 'pending', 'waitinglist') limit 1)`;

export async function experienceTitle(db: Db, reservationId: number): Promise<Texts | null> {
  return (await experienceOfReservation(db, reservationId))?.title ?? null;
}

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
 * One answer of the venue to a booking, as `by`. `version` is the booking's version the
 * answer was made on: another one means it changed meanwhile (`changed`, with the booking as
 * it is now). Confirm, decline and cancel e-mail the guest in their language in the same
 * transaction (declined and cancelled with the venue's note and a CANCEL `.ics`); decline
 * and cancel free the seats (and the places of an experience added to it) in it too.
 */
export async function answerBooking(
  db: Db,
  venue: VenueRow,
  input: { hash: string; action: StaffAction; version: number | null; note?: string; by: AnsweredBy; host: string },
  now = clockNow(),
): Promise<StaffOutcome> {
  if (!isWellFormedHash(input.hash)) return { result: 'notFound' };
  const [current] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  const note = (input.note ?? '').trim().slice(0, NOTE_MAX);
  if (!current) return answerExperienceBooking(db, venue, { ...input, note }, await zoneNamesOf(db, venue.id), now);
  if (input.action === 'offer') return offerToEntry(db, venue, current, input.version, now);
  let chargeId: number | null = null;
  let refundId: number | null = null;
  const timing = timingOf(venue);
  const outcome = await db.transaction(async (tx) => {
    await lockCapacity(tx, venue.id, current.date, current.shiftKey);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, current.id)).for('update');
    const zoneNames = await zoneNamesOf(tx, venue.id);
    const view = async (row: ReservationRow) => staffBookingView(row, zoneNames, timing, await experienceTitle(tx, row.id), (await feesOf(tx, 'table', [row.id])).get(row.id) ?? null);
    if (input.version !== null && r.revision !== input.version) return { result: 'changed' as const, booking: await view(r) };
    if (!actionAllowed(input.action, r)) return { result: 'notAllowed' as const, booking: await view(r) };
    // No fee before the guest is late: the booking's start plus the venue's grace, in its time zone.
    if (input.action === 'noshow' && now.getTime() < noShowFrom(timing, r).getTime()) return { result: 'tooEarly' as const, booking: await view(r) };
    if (input.action === 'refundfee') {
      // Not a change to the booking: its version stays, the fee's own row moves (once).
      refundId = await claimFeeRefund(tx, 'table', r.id, now);
      return { result: refundId ? ('done' as const) : ('notAllowed' as const), booking: await view(r) };
    }
    const changes: Partial<typeof reservations.$inferInsert> = answerChanges(input.action, input.by, note, now, r);
    const experience = await experienceTitle(tx, r.id);
    const [changed] = await tx
      .update(reservations)
      .set({ ...changes, revision: r.revision + 1, updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    // The no-show fee is claimed with the no-show, charged after the commit.
    if (input.action === 'noshow') chargeId = await claimNoShowFee(tx, venue, { kind: 'table', ...changed }, now);
    if (input.action === 'decline' || input.action === 'cancel') {
      await cancelReservationExperience(tx, r.id);
      // Seats freed: the waiting list is offered them in this transaction.
      await offerWithin(tx, venue, r.date, r.shiftKey, now);
    }
    const news = NEWS[input.action];
    if (news) {
      await queueReservationEmails(tx, venue, changed, news, {
        host: input.host,
        zoneName: zoneNames.get(r.zoneKey) ?? { it: r.zoneKey },
        now,
        experience,
        venueNote: changed.venueNote,
        // The venue is not told of its own answers; of the deadline's, it is.
        notifyVenue: input.by === 'deadline',
        venueEvent: input.by === 'deadline' ? (input.action === 'confirm' ? 'deadlineConfirmed' : 'deadlineDeclined') : undefined,
      });
    }
    return { result: 'done' as const, booking: staffBookingView(changed, zoneNames, timing, experience) };
  });
  if (outcome.result === 'done') {
    if (NEWS[input.action]) kickDelivery();
    log.info('reservation_answered', { reservationId: current.id, action: input.action, by: input.by });
  }
  if (chargeId || refundId) {
    if (chargeId) await chargeNoShow(db, chargeId, { host: input.host }, now);
    if (refundId) await refundNoShow(db, refundId, undefined, now);
    outcome.booking.fee = (await feesOf(db, 'table', [current.id])).get(current.id) ?? null;
  }
  return outcome;
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
