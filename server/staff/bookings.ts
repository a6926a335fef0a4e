import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, type CapacityOverride, type ReservationRow, type StaffGuarantee, type Texts } from '@/server/db/schema';
import type { VenueContext } from '@/server/venues/context';
import { bookingId } from '@/server/ids';
import { log } from '@/lib/log';
import { normalizeEmail } from '@/lib/identity';
import { phoneDigits } from '@/lib/forms/shapes';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { now as clockNow } from '@/server/clock';
import { addDays, emptyUsage, fits, openShifts, slotTimes, type Shift, type Zone } from '@/server/booking/availability';
import { capacityLockName, lockCapacity, usageBetween } from '@/server/booking/service';
import { inLockOrder } from '@/server/booking/lifecycle';
import { suggestTables, keptTables } from '@/server/booking/tables';
import { guaranteeTerms } from '@/server/booking/guarantee';
import { localMoment } from '@/server/booking/time';
import { queueReservationEmails } from '@/server/booking/emails';
import { offerWithin } from '@/server/booking/waitlist';
import { moveReservationExperience } from '@/server/experiences/service';
import { consentsInsert, prepareConsents } from '@/server/consent/records';
import { kickDelivery } from '@/server/outbox/delivery';
import { countBooking } from '@/server/observability/observe';
import { experienceTitle } from './answers';
import { staffBookingView, timingOf, type StaffBooking } from './view';

/**
 * Bookings made and changed by staff from the sheet (issue 44): a walk-in seated now, a booking
 * taken on the phone, and a booking's party, time, zone or day changed. The typed core: a
 * resolved venue and typed input give a typed outcome or a typed refusal; the contract's
 * adapter (server/staff/calls.ts) only reads the wire into these inputs.
 *
 * What the guest's door asks and staff's does not: the bot check, the SMS code, the per-address
 * limits, the notice before a time, the card guarantee; the consents are recorded as taken by
 * staff (`reservation/staff`). What holds for both: the capacity of the shift, slot and zone,
 * checked and taken under the day's capacity lock that every guest booking takes
 * (server/booking/service.ts `lockCapacity`, one for all the day's shifts), so staff and guests booking the same evening at
 * once never seat more than the rules allow. Past capacity only by an explicit override
 * (`override: true`, which staff tick after being told it is full), recorded on the booking
 * (`capacity_override`: the rule it went past, when, the covers).
 */

/** Largest party staff may book (the guests' `partySize.max` does not bind staff). */
export const STAFF_MAX_PARTY = 99;
/** How far ahead staff may book, whatever the guests' `daysAhead`. */
export const STAFF_DAYS_AHEAD = 730;
/** How long before a shift's start a walk-in is seated in it (the first table of the evening). */
const WALKIN_EARLY_MINUTES = 30;

export type StaffRefusal = { status: false; httpStatus: number; error: string; fieldErrors?: Record<string, string> };
/** `guarantee` (changes only): what became of the card guarantee, recorded on the booking ('' none asked nor held). */
export type StaffBooked = { result: 'booked' | 'changed'; booking: StaffBooking; override: CapacityOverride['condition'] | ''; guarantee?: StaffGuarantee['decision'] | '' };
export type StaffBookingOutcome = { status: true; data: StaffBooked } | StaffRefusal;
/**
 * Keeps the call's idempotency key with its answer in the transaction that books or changes
 * (server/backend/idempotency.ts `Keeper.keep`): a retry of the same submit answers the first.
 */
export type KeepAnswer = (tx: Db, answer: StaffBooked) => Promise<void>;

export type StaffGuest = { firstName: string; lastName: string; phonePrefix: string; phone: string; email: string; notes: string; locale: string; marketing: boolean };
/** A walk-in: seated now, in the shift open now (today, the venue's time); a name and a phone optional. */
export type WalkInInput = { pax: number; zone?: string; guest: Partial<StaffGuest>; override: boolean };
/** A booking taken on the phone: a day, time, party and zone, a name and a phone. */
export type PhoneBookingInput = { date: string; time: string; pax: number; zone: string; guest: StaffGuest & { firstName: string; phone: string }; override: boolean };
/** A booking's new party, time, zone or day (what is not given stays), on the version staff saw. */
export type ChangeInput = { hash: string; version: number; date?: string; time?: string; pax?: number; zone?: string; override: boolean };

const refused = (httpStatus: number, error: string, fieldErrors?: Record<string, string>): StaffRefusal => ({ status: false, httpStatus, error, ...(fieldErrors ? { fieldErrors } : {}) });
/** Full: the first rule the party would go past, under `override` (staff may book past it by ticking the override). */
const full = (condition: string): StaffRefusal => refused(409, 'full', { override: condition });

/** The override recorded when staff book past `condition` (fits() answers only the capacity rules here). */
const overrideOf = (condition: string | null, covers: number, now: Date): CapacityOverride | null => (condition ? { condition: condition as CapacityOverride['condition'], at: now.toISOString(), covers } : null);

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

type Place = { shift: Shift; zone: Zone };

/**
 * The card guarantee after staff's change, by the guests' rules for the new choice (server/booking/guarantee.ts):
 * a booking holding a card keeps the terms its guest accepted (a fee per guest follows the new
 * covers), recorded `kept` with the terms the rules ask now; one without a card where the rules
 * now ask one (a party grown past `minCovers`, a shift or zone that asks a card) is recorded
 * `waived` (staff take no card on the phone); otherwise nothing (a change that asks none clears a waiver).
 */
function staffGuaranteeOf(venue: VenueContext, r: ReservationRow, choice: { date: string; shiftKey: string; zoneKey: string; pax: number }, now: Date): StaffGuarantee | null {
  const asked = guaranteeTerms(venue.setup.rules, choice, venue.currency);
  if (r.guaranteeTerms) return { decision: 'kept', at: now.toISOString(), covers: choice.pax, asked };
  return asked ? { decision: 'waived', at: now.toISOString(), covers: choice.pax, asked } : null;
}

/** The zone staff named, any of the venue's (also one guests cannot choose), or the first bookable one. */
function zoneOf(venue: VenueContext, key: string | undefined): Zone | StaffRefusal {
  const zones = venue.setup.zones as Zone[];
  const zone = key ? zones.find((z) => z.key === key) : (zones.find((z) => z.selectable) ?? zones[0]);
  return zone ?? refused(400, 'zoneNotOffered', { zone: 'zoneNotOffered' });
}

const isRefusal = (value: unknown): value is StaffRefusal => typeof value === 'object' && value !== null && (value as { status?: unknown }).status === false;

/** A day and time staff may book: today or later (within STAFF_DAYS_AHEAD), in a shift open that day, on its slot times. */
function placeOn(venue: VenueContext, c: { date: string; time: string; pax: number; zone: string }, now: Date): Place | StaffRefusal {
  if (!Number.isInteger(c.pax) || c.pax < 1 || c.pax > STAFF_MAX_PARTY) return refused(400, 'invalid', { pax: 'invalid' });
  const today = localMoment(venue.timezone, now).date;
  if (c.date < today) return refused(400, 'pastDate', { date: 'pastDate' });
  if (c.date > addDays(today, STAFF_DAYS_AHEAD)) return refused(400, 'closedDay', { date: 'closedDay' });
  const shifts = openShifts(venue.setup, c.date, null);
  if (!shifts.length) return refused(400, 'closedDay', { date: 'closedDay' });
  const shift = shifts.find((s) => slotTimes(s).includes(c.time));
  if (!shift) return refused(400, 'timeNotOffered', { time: 'timeNotOffered' });
  const zone = zoneOf(venue, c.zone);
  return isRefusal(zone) ? zone : { shift, zone };
}

/**
 * Where a walk-in sits now: the shift open now (from WALKIN_EARLY_MINUTES before its start to its
 * end), at the slot time now falls in (before the first slot, the first; after the last seating, the last).
 */
function walkInPlace(venue: VenueContext, zoneKey: string | undefined, now: Date): (Place & { date: string; time: string }) | StaffRefusal {
  const local = localMoment(venue.timezone, now);
  const at = toMinutes(local.time);
  const shift = openShifts(venue.setup, local.date, null).find((s) => at >= toMinutes(s.startTime) - WALKIN_EARLY_MINUTES && at < toMinutes(s.endTime));
  if (!shift) return refused(409, 'noShiftNow');
  const times = slotTimes(shift);
  const time = [...times].reverse().find((t) => toMinutes(t) <= at) ?? times[0] ?? toTime(toMinutes(shift.startTime));
  const zone = zoneOf(venue, zoneKey);
  return isRefusal(zone) ? zone : { shift, zone, date: local.date, time };
}

/** The guest as the booking stores them: a walk-in may have no name nor contact. */
function guestRow(venue: VenueContext, g: Partial<StaffGuest>, now: Date) {
  return {
    firstName: (g.firstName ?? '').trim(),
    lastName: (g.lastName ?? '').trim(),
    email: normalizeEmail(g.email ?? ''),
    phonePrefix: g.phone ? (g.phonePrefix ?? '').trim() : '',
    phone: g.phone ? phoneDigits(g.phone) : '',
    notes: (g.notes ?? '').trim(),
    locale: g.locale ?? 'it',
    partner: false,
    // The privacy notice given by staff (on the phone, at the door): recorded as taken by staff.
    privacyAcceptedAt: now,
    marketingAcceptedAt: g.marketing && g.email ? now : null,
    policyVersion: venue.policies.version,
  };
}

/** A view of the booking as the sheet shows it; `experience` the title of an experience added to it (a new booking has none: no read). */
async function viewOf(tx: Db, venue: VenueContext, row: ReservationRow, experience?: Texts | null) {
  const zoneNames = new Map(venue.setup.zones.map((z) => [z.key, z.name as Texts]));
  return staffBookingView(row, zoneNames, timingOf(venue), experience === undefined ? await experienceTitle(tx, row.id) : experience);
}

type NewBooking = { date: string; time: string; pax: number; place: Place; guest: Partial<StaffGuest>; override: boolean; source: 'walkin' | 'phone'; seated: boolean; keep?: KeepAnswer };

/** Books under the evening's lock: the capacity checked as a guest's booking checks it, past it only by the override, recorded. */
async function book(db: Db, venue: VenueContext, b: NewBooking, now: Date): Promise<StaffBookingOutcome> {
  const { shift, zone } = b.place;
  // Read before the lock, as a guest's booking does: the consents' texts (taken by staff).
  const consents = await prepareConsents(db, venue, { email: b.guest.email ?? '', locale: b.guest.locale ?? 'it', form: 'reservation', privacy: true, marketing: { email: Boolean(b.guest.marketing && b.guest.email), sms: false }, via: 'staff' });
  const outcome = await db.transaction(async (tx) => {
    await lockCapacity(tx, venue.id, b.date);
    const usage = (await usageBetween(tx, venue.id, b.date, b.date, now)).get(b.date) ?? emptyUsage();
    const condition = fits(venue.setup, usage, shift, b.time, zone, b.pax, { pacing: false });
    if (condition && !b.override) return full(condition);
    const override = overrideOf(condition, b.pax, now);
    const [row] = await tx
      .insert(reservations)
      .values({
        venueId: venue.id,
        hash: bookingId(),
        date: b.date,
        time: b.time,
        shiftKey: shift.key,
        zoneKey: zone.key,
        covers: b.pax,
        tables: suggestTables(venue.setup.rules, usage.seatings, { time: b.time, covers: b.pax, zone: zone.key }),
        status: 'confirmed',
        source: b.source,
        capacityOverride: override,
        answeredBy: 'staff',
        answeredAt: now,
        ...guestRow(venue, b.guest, now),
        // A walk-in is seated as it is booked (no undo: there is nothing before it to go back to).
        ...(b.seated ? { attendance: 'arrived' as const, attendanceAt: now } : {}),
      })
      .returning();
    await consentsInsert(tx, consents, { type: 'reservation', id: row.id }, now);
    // The guest's confirmation when staff took an e-mail (the venue is not told of its own booking).
    if (row.email) await queueReservationEmails(tx, venue, row, 'confirm', { host: venue.linkHost, zoneName: zone.name as Texts, now, notifyVenue: false, linkHost: venue.linkHost });
    const data: StaffBooked = { result: 'booked', booking: await viewOf(tx, venue, row, null), override: override?.condition ?? '' };
    await b.keep?.(tx, data);
    return { status: true as const, data };
  });
  if (outcome.status) {
    log.info('staff_booking', { venueId: venue.id, source: b.source, covers: b.pax, override: outcome.data.override || null });
    countBooking('table', 'confirm', b.source);
    if (outcome.data.booking.email) kickDelivery();
  }
  return outcome;
}

/** `staff/walkin`: a party seated now, in the shift open now; a name and a phone optional. */
export async function staffWalkIn(db: Db, venue: VenueContext, input: WalkInInput, now = clockNow(), keep?: KeepAnswer): Promise<StaffBookingOutcome> {
  if (!Number.isInteger(input.pax) || input.pax < 1 || input.pax > STAFF_MAX_PARTY) return refused(400, 'invalid', { pax: 'invalid' });
  const place = walkInPlace(venue, input.zone, now);
  if (isRefusal(place)) return place;
  return book(db, venue, { date: place.date, time: place.time, pax: input.pax, place, guest: input.guest, override: input.override, source: 'walkin', seated: true, keep }, now);
}

/** `staff/phonebooking`: a booking taken on the phone; no notice, no card, no SMS code; confirmed at once. */
export async function staffPhoneBooking(db: Db, venue: VenueContext, input: PhoneBookingInput, now = clockNow(), keep?: KeepAnswer): Promise<StaffBookingOutcome> {
  const place = placeOn(venue, input, now);
  if (isRefusal(place)) return place;
  return book(db, venue, { date: input.date, time: input.time, pax: input.pax, place, guest: input.guest, override: input.override, source: 'phone', seated: false, keep }, now);
}

/**
 * `staff/change`: a booking's party, time, zone or day, changed by staff on the version they
 * saw (`changed` with the booking as it is now otherwise). Under the capacity locks of both days (in
 * one order, as a guest's change takes them); its own seats do not count against the new choice;
 * past capacity only by the override, recorded (a change that fits clears it). A seated party keeps its attendance (moved to
 * another zone); a booking that ended (cancelled, declined) or on the waiting list is not changed
 * here. The guest hears of the change when they gave an e-mail; the seats it left go to the waiting list.
 * The card guarantee by the guests' rules for the new choice: kept or waived, recorded (`staffGuaranteeOf`).
 */
export async function staffChange(db: Db, venue: VenueContext, input: ChangeInput, now = clockNow(), keep?: KeepAnswer): Promise<StaffBookingOutcome> {
  if (!isWellFormedBookingHash(input.hash)) return refused(404, 'notFound');
  const [current] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  if (!current) return refused(404, 'notFound');
  const next = { date: input.date ?? current.date, time: input.time ?? current.time, pax: input.pax ?? current.covers, zone: input.zone ?? current.zoneKey };
  const place = placeOn(venue, next, now);
  if (isRefusal(place)) return place;
  const { shift, zone } = place;
  const outcome = await db.transaction(async (tx): Promise<StaffBookingOutcome> => {
    // The days' capacity locks, each once, in one order (a change within a day takes one).
    for (const date of inLockOrder([current.date, next.date], capacityLockName)) await lockCapacity(tx, venue.id, date);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, current.id)).for('update');
    if (r.revision !== input.version) return refused(409, 'changed');
    if (r.status !== 'confirmed' && r.status !== 'pending') return refused(409, 'notChangeable');
    const usage = (await usageBetween(tx, venue.id, next.date, next.date, now, { reservationId: r.id })).get(next.date) ?? emptyUsage();
    const condition = fits(venue.setup, usage, shift, next.time, zone, next.pax, { pacing: false });
    if (condition && !input.override) return full(condition);
    // An experience added to the booking moves with it, or the change is refused (docs/experiences.md).
    if (!(await moveReservationExperience(tx, venue, r, { date: next.date, time: next.time, zone: zone.key, covers: next.pax }, now))) return refused(409, 'experienceFull');
    const override = overrideOf(condition, next.pax, now);
    const staffGuarantee = staffGuaranteeOf(venue, r, { date: next.date, shiftKey: shift.key, zoneKey: zone.key, pax: next.pax }, now);
    const [changed] = await tx
      .update(reservations)
      .set({ date: next.date, time: next.time, shiftKey: shift.key, zoneKey: zone.key, covers: next.pax, tables: keptTables(venue.setup.rules, usage.seatings, { tables: r.tables, zone: r.zoneKey }, { time: next.time, covers: next.pax, zone: zone.key }), capacityOverride: override, staffGuarantee, revision: r.revision + 1, updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    if (changed.email) await queueReservationEmails(tx, venue, changed, 'changed', { host: venue.linkHost, zoneName: zone.name as Texts, now, notifyVenue: false, linkHost: venue.linkHost });
    await offerWithin(tx, venue, r.date, r.shiftKey, now);
    const data: StaffBooked = { result: 'changed', booking: await viewOf(tx, venue, changed), override: override?.condition ?? '', guarantee: staffGuarantee?.decision ?? '' };
    await keep?.(tx, data);
    return { status: true, data };
  });
  if (outcome.status) {
    log.info('staff_booking_changed', { reservationId: current.id, override: outcome.data.override || null });
    kickDelivery();
  }
  return outcome;
}

