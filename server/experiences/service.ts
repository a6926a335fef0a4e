import 'server-only';
import type { ExperienceDay, ExperienceTime } from '@/lib/contract/experience-booking';
import type { StoredField } from '@/lib/backend/experiences';
import { and, eq, getTableColumns, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, experiences, reservations, shifts, zones, type ExperienceRow, type VenueRow } from '@/server/db/schema';
import { addDays } from '@/server/booking/availability';
import { bookingRulesSchema, type BookingRules } from '@/server/booking/rules';
import { localMoment } from '@/server/booking/time';
import { BookingError } from '@/server/booking/errors';
import { bookingGuestColumns, guestConsentColumns } from '@/server/consent/guest-columns';
import { verifyCardSetup } from '@/server/payments';
import { claimDeposit, refundDeposit, verifyDeposit } from '@/server/payments/deposit';
import { bookingId } from '@/server/ids';
import { now as clockNow } from '@/server/clock';
import type { ExperienceBookingData } from '@/lib/forms/experience';
import type { BookingSource } from '@/lib/booking/source';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';
import { amountDueCents, experienceGuarantee, fieldsFor, guestProblem, isAddOn, isPast, isStandalone, placesLeft, runsOn, timesOn, type Clock, type ScheduledExperience } from './rules';
import { experienceEmails } from './emails';
import { EXPERIENCE, type Keeping } from '@/server/booking/lifecycle';
import { createBooking } from '@/server/booking/create';
import { acceptedPolicyText } from '@/server/booking/emails';
import { prepareConsents } from '@/server/consent/records';
import { placesChanged } from '@/server/venues/places';

export const rulesOf = (venue: VenueRow): BookingRules => bookingRulesSchema.parse(venue.booking ?? undefined);

export function clockFor(venue: VenueRow, rules: BookingRules, now = clockNow()): Clock {
  return { today: localMoment(venue.timezone, now).date, earliest: localMoment(venue.timezone, new Date(now.getTime() + rules.minNoticeMinutes * 60_000)) };
}

/**
 * The ISO weekdays its venue has a weekly shift on, read beside an experience in the same
 * statement (an experience runs only on a day its venue opens, issue 45).
 */
export const venueWeekdays = sql<number[]>`(select coalesce(array_agg(distinct d.day order by d.day), '{}'::integer[]) from ${shifts} cross join lateral unnest(${shifts.weekdays}) as d(day) where ${shifts.venueId} = ${experiences.venueId})`.as('venue_weekdays');

/** An experience's columns and its venue's open weekdays, for a select. */
export const withVenueWeekdays = { ...getTableColumns(experiences), venueWeekdays };

/** Experience bookings with their experience (and its venue's open weekdays), where `where` holds: one statement. */
export const bookingsWithExperience = (db: Db, where: SQL | undefined) =>
  db.select({ b: experienceBookings, e: withVenueWeekdays }).from(experienceBookings).innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId)).where(where);

/** One experience of the venue by id or public hash (an unknown one, or another venue's, is null). */
export async function findExperience(db: Db, venue: VenueRow, by: { id?: number; hash?: string }): Promise<ScheduledExperience | null> {
  if (!by.id && !by.hash) return null;
  const [row] = await db
    .select(withVenueWeekdays)
    .from(experiences)
    .where(and(eq(experiences.venueId, venue.id), by.id ? eq(experiences.id, by.id) : eq(experiences.hash, by.hash!)));
  return row ?? null;
}

/** Statuses whose guests take places: confirmed, and awaiting the venue. */
const TAKING = ['confirmed', 'pending'] as const;

/** Guests booked per date from `from` on (all dates when `date` is not given). */
export async function bookedByDate(db: Db, experienceId: number, from: string, to?: string): Promise<Map<string, number>> {
  return (await bookedByExperience(db, [experienceId], from, to)).get(experienceId) ?? new Map();
}

/** The guests booked per date of each of these experiences, from `from` (to `to`): one statement for them all. */
export async function bookedByExperience(db: Db, experienceIds: number[], from: string, to?: string): Promise<Map<number, Map<string, number>>> {
  const out = new Map<number, Map<string, number>>();
  if (!experienceIds.length) return out;
  const rows = await db
    .select({ experienceId: experienceBookings.experienceId, date: experienceBookings.date, covers: sql<number>`sum(${experienceBookings.covers})::int` })
    .from(experienceBookings)
    .where(
      and(
        inArray(experienceBookings.experienceId, experienceIds),
        inArray(experienceBookings.status, [...TAKING]),
        // An experience added to a table booking counts while that booking stands (a failed SMS code or a cancellation frees it).
        sql`(${experienceBookings.reservationId} is null or exists (select 1 from ${reservations} where ${reservations.id} = ${experienceBookings.reservationId} and ${reservations.status} not in ('failed', 'cancelled')))`,
        gte(experienceBookings.date, from),
        to ? sql`${experienceBookings.date} <= ${to}` : undefined,
      ),
    )
    .groupBy(experienceBookings.experienceId, experienceBookings.date);
  for (const r of rows) {
    let dates = out.get(r.experienceId);
    if (!dates) out.set(r.experienceId, (dates = new Map()));
    dates.set(r.date, Number(r.covers));
  }
  return out;
}

/** `availabledays`: each day of the month, its state for the party and the places left (0 when unlimited). */
export async function availableDays(db: Db, venue: VenueRow, e: ScheduledExperience, q: { year: number; month: number; pax: number }): Promise<ExperienceDay[]> {
  const rules = rulesOf(venue);
  const clock = clockFor(venue, rules);
  const first = `${q.year}-${String(q.month).padStart(2, '0')}-01`;
  const count = new Date(Date.UTC(q.year, q.month, 0)).getUTCDate();
  const booked = await bookedByDate(db, e.id, first, addDays(first, count - 1));
  const tooMany = guestProblem(e, q.pax) !== null;
  return Array.from({ length: count }, (_, i) => {
    const date = addDays(first, i);
    const left = placesLeft(e, booked.get(date) ?? 0);
    const state = date < clock.today ? 'past' : !runsOn(e, rules, date, clock) ? 'closed' : tooMany || left < q.pax ? (e.soldOutActive && !tooMany ? 'available' : 'completed') : 'available';
    return { date, state, posti: Number.isFinite(left) ? left : 0 };
  });
}

/** `getavailabletimes`: the day's start times, each with whether the party fits. */
export async function availableTimes(db: Db, venue: VenueRow, e: ScheduledExperience, q: { day: string; pax: number }): Promise<ExperienceTime[]> {
  const rules = rulesOf(venue);
  const clock = clockFor(venue, rules);
  if (!runsOn(e, rules, q.day, clock)) return [];
  const left = placesLeft(e, (await bookedByDate(db, e.id, q.day, q.day)).get(q.day) ?? 0);
  const fits = guestProblem(e, q.pax) === null && left >= q.pax;
  return timesOn(e, q.day, clock)
    .filter((t) => t !== '')
    .map((time) => ({ time, available: fits || e.soldOutActive, posti: Number.isFinite(left) ? left : 0 }));
}

/** `getadditionalfields`: the fields asked for a zone (by zone id or key), their labels as stored. */
export async function additionalFields(db: Db, venue: VenueRow, e: ExperienceRow, zoneRef: string): Promise<StoredField[]> {
  let zoneKey = zoneRef;
  if (/^\d+$/.test(zoneRef)) {
    const [z] = await db.select({ key: zones.key }).from(zones).where(and(eq(zones.venueId, venue.id), eq(zones.id, Number(zoneRef))));
    zoneKey = z?.key ?? '';
  }
  return fieldsFor(e, zoneKey).map((f) => ({ key: f.key, label: f.label, required: f.required }));
}

/** Serialises every change to one experience's places on one date (PostgreSQL and PGlite alike). */
export async function lockExperienceDate(tx: Db, venueId: number, experienceId: number, date: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${venueId}, hashtext(${`experience|${experienceId}|${date}`}))`);
}

/** Checks the choice against the experience's rules; throws BookingError (message keys under `experiences.errors`). */
export function checkExperienceChoice(e: ScheduledExperience, venue: VenueRow, rules: BookingRules, input: { day: string; time: string; pax: number; zone: string }, clock: Clock, standalone = true) {
  if (!e.active || isPast(e, clock.today) || (standalone && !isStandalone(e))) throw new BookingError('experienceNotBookable', 'experienceId');
  const guests = guestProblem(e, input.pax);
  if (guests) throw new BookingError(guests, 'pax');
  if (!runsOn(e, rules, input.day, clock)) throw new BookingError('dateNotOffered', 'day');
  const times = timesOn(e, input.day, clock);
  if (!times.includes(input.time)) throw new BookingError('timeNotOffered', 'time');
  if (e.zoneChoice) {
    if (!e.zoneKeys.includes(input.zone)) throw new BookingError('zoneNotOffered', 'zone');
  } else if (input.zone) throw new BookingError('zoneNotOffered', 'zone');
}

export type ExperienceSubmit = {
  host: string;
  locale: string;
  partner: boolean;
  /** Where the booking came from (issue 46): the site's when not said. */
  source?: BookingSource;
} & Keeping;

/**
 * Books an experience (`createexperiencereserve`). The choice, the guest limits and the
 * required additional fields are checked; the card guarantee and the deposit or prepayment
 * are verified with the provider; then, in one transaction holding the lock of the
 * experience and date, the places are counted and the booking is stored only if the party
 * fits `maxPrenotazioni`. A full date ends on the waiting list when `flagSoldoutAttivo` is
 * set, else `reject` (nothing stored).
 */
export async function createExperienceBooking(db: Db, venue: VenueRow, input: ExperienceBookingData, context: ExperienceSubmit, now = clockNow()): Promise<{ outcome: ExperienceOutcome; hash: string }> {
  const e = await findExperience(db, venue, { id: input.experienceId });
  if (!e) throw new BookingError('notFound', 'experienceId');
  const rules = rulesOf(venue);
  const clock = clockFor(venue, rules, now);
  checkExperienceChoice(e, venue, rules, input, clock);
  const answers: Record<string, string> = {};
  const missing: Record<string, string> = {};
  for (const f of fieldsFor(e, input.zone)) {
    const value = (input.campiAggiuntivi[f.key] ?? '').trim();
    if (value) answers[f.key] = value;
    else if (f.required) missing[`campiAggiuntivi.${f.key}`] = 'fieldRequired';
  }
  if (Object.keys(missing).length) throw Object.assign(new BookingError('invalid'), { fieldErrors: missing });
  const motivo = e.askVisitReason ? (input.motivo ?? null) : null;
  if (motivo && motivo !== 'other' && !rules.visitReasons.some((r) => r.key === motivo)) throw new BookingError('visitReasonInvalid', 'motivo');
  const terms = experienceGuarantee(e, venue.currency);
  const due = amountDueCents(e, input.pax);
  const card = terms && input.guaranteeReference ? await verifyCardSetup(db, venue, input.guaranteeReference) : null;
  const paid = due > 0 && input.depositReference ? await verifyDeposit(db, venue, input.depositReference, due) : null;
  // Read before the date's lock, so that the transaction holding it writes and little else (issue 42:
  // at most 4 statements under it): the consents' texts; the e-mails' frame comes from the venue's context.
  const policyText = card?.ok && terms ? acceptedPolicyText(venue, { guaranteeTerms: terms, date: input.day, time: input.time, covers: input.pax }, context.locale, now) : null;
  const consents = await prepareConsents(db, venue, { email: input.email, locale: context.locale, form: EXPERIENCE.consentForm, privacy: true, marketing: { email: input.marketing, sms: input.marketingSms }, policy: policyText });

  type Status = 'confirmed' | 'pending' | 'waitinglist';
  // The guests booked on the date before this booking, as counted under the date's lock: whether it made the places flip (below).
  let before: number | null = null;
  const result = await createBooking<number, Status, typeof experienceBookings.$inferSelect, Exclude<ExperienceOutcome, 'reject'>, { outcome: 'reject'; refund: string | null }>(EXPERIENCE, { db, keeping: context, source: context.source, now }, {
    lock: { name: `experience|${e.id}|${input.day}`, take: (tx) => lockExperienceDate(tx, venue.id, e.id, input.day) },
    count: async (tx) => (await bookedByDate(tx, e.id, input.day, input.day)).get(input.day) ?? 0,
    decide: async (tx, booked) => {
      before = booked;
      const full = placesLeft(e, booked) < input.pax;
      if (full && !e.soldOutActive) {
        // Paid, but the places went meanwhile: the deposit is given back (after this transaction).
        const refund = paid?.ok && input.depositReference && (await claimDeposit(tx, venue, input.depositReference, 'refunding')) ? input.depositReference : null;
        return { refused: { outcome: 'reject', refund } };
      }
      return { status: full ? 'waitinglist' : input.pax > rules.autoConfirmMaxCovers ? 'pending' : ('confirmed' as Status) };
    },
    pay: async (tx, status) => {
      if (status !== 'waitinglist') {
        if (terms) {
          if (!card) throw new BookingError('guaranteeRequired', 'guaranteeReference');
          if (!card.ok) throw new BookingError(card.error);
          if (!input.cancellationPolicy) throw new BookingError('cancellationPolicyRequired', 'cancellationPolicy');
        }
        if (due > 0) {
          if (!paid) throw new BookingError('depositRequired', 'depositReference');
          if (!paid.ok) throw new BookingError(paid.error);
        }
      }
      // The payment is this booking's from now on (a waiting-list booking keeps it for the venue to settle).
      if (paid?.ok && input.depositReference && !(await claimDeposit(tx, venue, input.depositReference, 'used'))) throw new BookingError('paymentNotFound');
    },
    insert: async (tx, status) => {
      const [row] = await tx
        .insert(experienceBookings)
        .values({
          venueId: venue.id,
          experienceId: e.id,
          hash: bookingId(),
          date: input.day,
          time: input.time,
          zoneKey: input.zone,
          covers: input.pax,
          status,
          additionalFields: answers,
          priceCents: e.priceCents * input.pax,
          paidCents: paid?.ok ? paid.amountCents : 0,
          paymentReference: paid?.ok ? input.depositReference : null,
          source: context.source ?? 'web',
          ...(card?.ok && terms ? { guaranteeProvider: card.provider, guaranteeReference: input.guaranteeReference, guaranteePaymentMethod: card.paymentMethod, guaranteeTerms: { ...terms, text: policyText ?? undefined } } : {}),
          ...bookingGuestColumns(input, motivo),
          ...guestConsentColumns(venue, input, context, now),
        })
        // A card setup or a payment serves one booking, also when two submits race with it.
        .onConflictDoNothing()
        .returning();
      return row;
    },
    last: async (tx, row, status) => {
      const outcome = status === 'confirmed' ? ('confirm' as const) : status === 'pending' ? ('accept' as const) : ('waitinglist' as const);
      // The consents, the e-mails and the call's idempotency key, in one statement (the lifecycle's last writes).
      return { answer: { outcome, hash: row.hash }, consents, mails: await experienceEmails(tx, venue, e, row, outcome, { host: context.host, now }) };
    },
    settle: async ({ refund }) => {
      if (refund) await refundDeposit(db, venue, refund);
    },
    logged: { venueId: venue.id, experienceId: e.id },
  });
  if (!('made' in result)) return { outcome: result.refused.outcome, hash: '' };
  // Committed: a booking that took the last places drops the pages showing them (issue 43); a waiting-list one takes none.
  if (before !== null && result.made.outcome !== 'waitinglist') await placesChanged(db, venue.id, e, before, before + input.pax);
  return result.made;
}

/**
 * Adds an experience to a table booking, inside the booking's transaction (spec section 1:
 * "optionally an experience"): the same places as a booking of its own, paid at the venue.
 * Returns null when it no longer fits (the table booking then fails with `experienceFull`).
 */
export async function addExperienceToReservation(
  tx: Db,
  venue: VenueRow,
  reservation: typeof reservations.$inferSelect,
  experienceHash: string,
  now = clockNow(),
): Promise<ExperienceRow> {
  const e = await findExperience(tx, venue, { hash: experienceHash });
  if (!e) throw new BookingError('experienceNotBookable', 'experience');
  const rules = rulesOf(venue);
  const clock = clockFor(venue, rules, now);
  if (!isAddOn(e) || isPast(e, clock.today) || !runsOn(e, rules, reservation.date, clock)) throw new BookingError('experienceNotBookable', 'experience');
  const guests = guestProblem(e, reservation.covers);
  if (guests) throw new BookingError(guests, 'experience');
  await lockExperienceDate(tx, venue.id, e.id, reservation.date);
  const booked = (await bookedByDate(tx, e.id, reservation.date, reservation.date)).get(reservation.date) ?? 0;
  if (placesLeft(e, booked) < reservation.covers) throw new BookingError('experienceFull', 'experience');
  await tx.insert(experienceBookings).values({
    venueId: venue.id,
    experienceId: e.id,
    reservationId: reservation.id,
    hash: bookingId(),
    date: reservation.date,
    time: reservation.time,
    zoneKey: reservation.zoneKey,
    covers: reservation.covers,
    status: reservation.status === 'waitinglist' ? 'waitinglist' : 'confirmed',
    priceCents: e.priceCents * reservation.covers,
    firstName: reservation.firstName,
    lastName: reservation.lastName,
    email: reservation.email,
    phonePrefix: reservation.phonePrefix,
    phone: reservation.phone,
    notes: '',
    locale: reservation.locale,
    partner: reservation.partner,
    source: reservation.source,
    privacyAcceptedAt: reservation.privacyAcceptedAt,
    marketingAcceptedAt: reservation.marketingAcceptedAt,
    policyVersion: reservation.policyVersion,
  });
  return e;
}

/** The experience added to a table booking, for its summary, e-mails and edit page. */
export async function experienceOfReservation(db: Db, reservationId: number): Promise<ExperienceRow | null> {
  const [row] = await db
    .select({ e: experiences })
    .from(experienceBookings)
    .innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId))
    .where(and(eq(experienceBookings.reservationId, reservationId), inArray(experienceBookings.status, ['confirmed', 'pending', 'waitinglist'])));
  return row?.e ?? null;
}

/**
 * A table booking that moves takes its experience along (reservation/edit): on a new date
 * or party size the places are counted again under the experience's lock. Returns false
 * when the experience cannot follow (it does not run then, or is full): the edit is refused.
 */
export async function moveReservationExperience(tx: Db, venue: VenueRow, r: typeof reservations.$inferSelect, to: { date: string; time: string; zone: string; covers: number }, now = clockNow()): Promise<boolean> {
  const [row] = await bookingsWithExperience(tx, and(eq(experienceBookings.reservationId, r.id), inArray(experienceBookings.status, [...TAKING])));
  if (!row) return true;
  const { b, e } = row;
  if (b.date !== to.date || b.covers !== to.covers) {
    const rules = rulesOf(venue);
    if (!runsOn(e, rules, to.date, clockFor(venue, rules, now)) || guestProblem(e, to.covers)) return false;
    await lockExperienceDate(tx, venue.id, e.id, to.date);
    const booked = ((await bookedByDate(tx, e.id, to.date, to.date)).get(to.date) ?? 0) - (b.date === to.date ? b.covers : 0);
    if (placesLeft(e, booked) < to.covers) return false;
  }
  await tx.update(experienceBookings).set({ date: to.date, time: to.time, zoneKey: to.zone, covers: to.covers, priceCents: e.priceCents * to.covers }).where(eq(experienceBookings.id, b.id));
  return true;
}

/** A cancelled table booking gives its experience's places back at once. */
export async function cancelReservationExperience(tx: Db, reservationId: number) {
  await tx.update(experienceBookings).set({ status: 'cancelled' }).where(eq(experienceBookings.reservationId, reservationId));
}
