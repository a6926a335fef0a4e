import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { experiences, reservations, shifts, slotHolds, zones, type VenueRow } from '@/server/db/schema';
import { publicId } from '@/server/ids';
import { log } from '@/lib/log';
import type { ReservationData, ReservationOutcome } from '@/lib/forms/reservation';
import { normalizeEmail } from '@/server/fidelity/service';
import {
  addDays,
  dayCondition,
  daySlots,
  dayState,
  emptyUsage,
  findModule,
  fits,
  hasExperience,
  isBeforeNotice,
  openShifts,
  bookableZones,
  partySizeProblem,
  slotKey,
  slotTimes,
  zoneKey,
  type Condition,
  type DayState,
  type DayUsage,
  type Module,
  type Slot,
  type Venue,
} from './availability';
import { bookingRulesSchema } from './rules';
import { localMoment } from './time';
import { reservationIcs } from './ics';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { kickDelivery } from '@/server/outbox/delivery';
import { renderEmail, summaryLabels } from '@/server/outbox/templates';
import { venuePageUrl } from '@/server/fidelity/service';
import { pickText } from '@/lib/i18n/texts';
import { toLocale } from '@/lib/i18n/locales';

/** A refusal of bad input (4xx): its code is a message key under `reserve.errors`. */
export class BookingError extends Error {
  constructor(
    readonly code: string,
    readonly field?: string,
  ) {
    super(code);
    this.name = 'BookingError';
  }
}

/** The venue's booking set-up: rules, shifts, zones, experiences. */
export async function loadBookingVenue(db: Database, venue: VenueRow): Promise<Venue> {
  const [shiftRows, zoneRows, experienceRows] = await Promise.all([
    db.select().from(shifts).where(eq(shifts.venueId, venue.id)),
    db.select().from(zones).where(eq(zones.venueId, venue.id)),
    db
      .select({ key: experiences.key, startDate: experiences.startDate, expiryDate: experiences.expiryDate, active: experiences.active, calendar: experiences.calendar })
      .from(experiences)
      .where(eq(experiences.venueId, venue.id)),
  ]);
  return {
    rules: bookingRulesSchema.parse(venue.booking ?? undefined),
    shifts: shiftRows.sort((a, b) => a.startTime.localeCompare(b.startTime)),
    zones: zoneRows,
    experiences: experienceRows,
  };
}

/** Covers taken from `from` to `to`: bookings confirmed or awaiting the venue, and live holds. */
async function usageBetween(db: Database, venueId: number, from: string, to: string, except?: { holdToken?: string; shiftKey?: string }) {
  const taken = await db
    .select({ date: reservations.date, shift: reservations.shiftKey, time: reservations.time, zone: reservations.zoneKey, covers: sql<number>`sum(${reservations.covers})::int` })
    .from(reservations)
    .where(and(eq(reservations.venueId, venueId), gte(reservations.date, from), lte(reservations.date, to), inArray(reservations.status, ['confirmed', 'pending'])))
    .groupBy(reservations.date, reservations.shiftKey, reservations.time, reservations.zoneKey);
  const held = await db
    .select({ date: slotHolds.date, shift: slotHolds.shiftKey, time: slotHolds.time, zone: slotHolds.zoneKey, covers: slotHolds.covers, token: slotHolds.token })
    .from(slotHolds)
    .where(and(eq(slotHolds.venueId, venueId), gte(slotHolds.date, from), lte(slotHolds.date, to), gt(slotHolds.expiresAt, sql`now()`)));
  const byDate = new Map<string, DayUsage>();
  const add = (row: { date: string; shift: string; time: string; zone: string; covers: number }) => {
    let usage = byDate.get(row.date);
    if (!usage) byDate.set(row.date, (usage = emptyUsage()));
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + row.covers);
    bump(usage.shift, row.shift);
    bump(usage.slot, slotKey(row.shift, row.time));
    bump(usage.zone, zoneKey(row.shift, row.zone));
  };
  taken.forEach(add);
  held.filter((h) => h.token !== except?.holdToken).forEach(add);
  return byDate;
}

function requireModule(venue: Venue, key: string | undefined): Module | null {
  const found = findModule(venue.rules, key);
  if (found === undefined) throw new BookingError('unknownModule', 'reservemodule');
  return found;
}

function requireParty(venue: Venue, pax: number) {
  const problem = partySizeProblem(venue.rules, pax);
  if (problem) throw new BookingError(problem === 'tooLarge' ? 'partyTooLarge' : 'partyTooSmall', 'pax');
}

function clock(venue: VenueRow, rules: Venue['rules'], now: Date) {
  return { today: localMoment(venue.timezone, now).date, earliest: localMoment(venue.timezone, new Date(now.getTime() + rules.minNoticeMinutes * 60_000)) };
}

/** `reservation/getmonth`: each day's state for a party size. */
export async function getMonth(db: Database, venue: VenueRow, q: { year: number; month: number; pax: number; module?: string }, now = new Date()) {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, q.module);
  requireParty(v, q.pax);
  const first = `${q.year}-${String(q.month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(q.year, q.month, 0)).getUTCDate();
  const last = addDays(first, days - 1);
  const usage = await usageBetween(db, venue.id, first, last);
  const { today, earliest } = clock(venue, v.rules, now);
  return Array.from({ length: days }, (_, i) => {
    const date = addDays(first, i);
    return { date, state: dayState(v, date, q.pax, usage.get(date) ?? emptyUsage(), earliest, today, bookingModule) as DayState };
  });
}

/** `reservation/getday`: a day's slots with their zones, and why it is full when it is. */
export async function getDay(db: Database, venue: VenueRow, q: { date: string; pax: number; module?: string }, now = new Date()) {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, q.module);
  requireParty(v, q.pax);
  const usage = (await usageBetween(db, venue.id, q.date, q.date)).get(q.date) ?? emptyUsage();
  const { today, earliest } = clock(venue, v.rules, now);
  const state = dayState(v, q.date, q.pax, usage, earliest, today, bookingModule);
  const slots: Slot[] = state === 'available' || state === 'completed' ? daySlots(v, q.date, q.pax, usage, earliest, bookingModule) : [];
  const condition: Condition | undefined = state === 'experience' ? 'onlyExperiences' : dayCondition(slots);
  return { date: q.date, state, condition, waitingList: v.rules.waitingList, slots };
}

/** Serialises every change to the capacity of one venue, date and shift, in PostgreSQL and PGlite alike. */
async function lockCapacity(tx: Database, venueId: number, date: string, shiftKey: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${venueId}, hashtext(${`${date}|${shiftKey}`}))`);
}

/** Checks that a choice is bookable at all (past, closed, unknown zone...): bad input is refused. */
function checkChoice(v: Venue, venue: VenueRow, c: { date: string; time: string; pax: number; zone: string }, bookingModule: Module | null, now: Date) {
  requireParty(v, c.pax);
  const { today, earliest } = clock(venue, v.rules, now);
  if (c.date < today || isBeforeNotice(c.date, c.time, earliest)) throw new BookingError('pastDate', 'date');
  if (c.date > addDays(today, v.rules.daysAhead)) throw new BookingError('closedDay', 'date');
  const open = openShifts(v, c.date, bookingModule);
  if (!open.length) throw new BookingError(hasExperience(v, c.date, bookingModule) && !v.rules.closures.includes(c.date) ? 'onlyExperiences' : 'closedDay', 'date');
  const shift = open.find((s) => slotTimes(s).includes(c.time));
  if (!shift) throw new BookingError('timeNotOffered', 'time');
  const zone = bookableZones(v, bookingModule).find((z) => z.key === c.zone);
  if (!zone) throw new BookingError('zoneNotOffered', 'zone');
  return { shift, zone };
}

/**
 * Holds seats for a guest who picked a time (venue-set minutes, default 8). Others see
 * them as taken; a new pick replaces the guest's previous hold.
 */
export async function holdSlot(
  db: Database,
  venue: VenueRow,
  c: { date: string; time: string; pax: number; zone: string; module?: string; replaceToken?: string },
  now = new Date(),
): Promise<{ token: string; expiresAt: Date } | { condition: Condition }> {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, c.module);
  const { shift, zone } = checkChoice(v, venue, c, bookingModule, now);
  return db.transaction(async (tx) => {
    if (c.replaceToken) await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, c.replaceToken)));
    // Expired holds no longer count; they are swept here, an hour after they ran out.
    await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), lt(slotHolds.expiresAt, sql`now() - interval '1 hour'`)));
    await lockCapacity(tx as unknown as Database, venue.id, c.date, shift.key);
    const usage = (await usageBetween(tx as unknown as Database, venue.id, c.date, c.date)).get(c.date) ?? emptyUsage();
    const condition = fits(v, usage, shift, c.time, zone, c.pax);
    if (condition) return { condition };
    const token = randomBytes(18).toString('base64url');
    const expiresAt = new Date(now.getTime() + v.rules.holdMinutes * 60_000);
    await tx.insert(slotHolds).values({ venueId: venue.id, token, date: c.date, time: c.time, shiftKey: shift.key, zoneKey: zone.key, covers: c.pax, expiresAt });
    return { token, expiresAt };
  });
}

export async function releaseHold(db: Database, venue: VenueRow, token: string) {
  await db.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, token)));
}

/**
 * Books a table. Capacity is checked and taken in one transaction that holds the lock of
 * the venue, date and shift, so concurrent bookings can never seat more covers than the
 * shift, slot or zone allows: each gets `confirm`, `accept` (awaits the venue), the
 * waiting list, or `soldOut` (nothing stored).
 */
export async function createReservation(
  db: Database,
  venue: VenueRow,
  input: ReservationData,
  context: { locale: string; partner: boolean; host: string },
  now = new Date(),
): Promise<{ outcome: ReservationOutcome; hash?: string }> {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, input.reservemodule);
  const { shift, zone } = checkChoice(v, venue, input, bookingModule, now);
  if (input.motivo && input.motivo !== 'other' && !v.rules.visitReasons.some((r) => r.key === input.motivo)) {
    throw new BookingError('visitReasonInvalid', 'motivo');
  }
  if (input.holdToken) {
    const [hold] = await db
      .select()
      .from(slotHolds)
      .where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, input.holdToken)));
    // A hold for another slot or party size is tampered with: refused, nothing stored.
    if (hold && (hold.date !== input.date || hold.time !== input.time || hold.zoneKey !== input.zone || hold.covers !== input.pax)) {
      throw new BookingError('holdInvalid', 'holdToken');
    }
  }
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockCapacity(t, venue.id, input.date, shift.key);
    const usage = (await usageBetween(t, venue.id, input.date, input.date, { holdToken: input.holdToken })).get(input.date) ?? emptyUsage();
    const full = fits(v, usage, shift, input.time, zone, input.pax);
    const status = full ? (v.rules.waitingList ? 'waitinglist' : null) : input.pax <= v.rules.autoConfirmMaxCovers ? 'confirmed' : 'pending';
    if (input.holdToken) await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, input.holdToken)));
    if (!status) return { outcome: 'soldOut' as const };
    const hash = publicId();
    await tx.insert(reservations).values({
      venueId: venue.id,
      hash,
      date: input.date,
      time: input.time,
      shiftKey: shift.key,
      zoneKey: zone.key,
      covers: input.pax,
      status,
      moduleKey: bookingModule?.key ?? null,
      firstName: input.nome,
      lastName: input.cognome,
      email: normalizeEmail(input.email),
      phonePrefix: input.prefisso,
      phone: input.telefono.replace(/[\s().-]/g, ''),
      visitReason: input.motivo ?? null,
      birthDay: typeof input.compleannoGiorno === 'number' ? input.compleannoGiorno : null,
      birthMonth: typeof input.compleannoMese === 'number' ? input.compleannoMese : null,
      notes: input.note,
      locale: context.locale,
      partner: context.partner,
      privacyAcceptedAt: now,
      marketingAcceptedAt: input.marketing ? now : null,
      policyVersion: venue.policies.version,
    });
    const outcome: ReservationOutcome = status === 'confirmed' ? 'confirm' : status === 'pending' ? 'accept' : 'waitinglist';
    await queueReservationEmails(t, venue, { ...input, hash, outcome, zoneName: zone.name, host: context.host, locale: context.locale }, now);
    return { outcome, hash };
  });
  log.info('reservation_created', { venueId: venue.id, outcome: result.outcome });
  if (result.hash) kickDelivery();
  return result;
}

type Booked = ReservationData & { hash: string; outcome: Exclude<ReservationOutcome, 'soldOut'>; zoneName: unknown; host: string; locale: string };

/**
 * The guest's e-mail (with the `.ics` file and the edit link) and the venue's notification,
 * queued in the booking's own transaction (docs/outbox.md).
 */
async function queueReservationEmails(tx: Database, venue: VenueRow, b: Booked, now: Date) {
  const locale = toLocale(b.locale);
  const labels = summaryLabels(locale);
  const zoneName = pickText(b.zoneName as Parameters<typeof pickText>[0], locale);
  const dateText = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${b.date}T12:00:00Z`));
  const editUrl = venuePageUrl(b.host, locale, `/reserve/${b.hash}/edit`);
  const details: [string, string][] = [
    [labels.name, `${b.nome} ${b.cognome}`],
    [labels.people, String(b.pax)],
    [labels.date, dateText],
    [labels.time, b.time],
    [labels.zone, zoneName],
  ];
  const template = b.outcome === 'confirm' ? 'reservationConfirm' : b.outcome === 'accept' ? 'reservationAccept' : 'reservationWaitinglist';
  const mail = renderEmail(template, locale, { venueName: venue.name, firstName: b.nome, link: editUrl, date: dateText, time: b.time }, details);
  const attachments =
    b.outcome === 'waitinglist'
      ? []
      : [
          {
            filename: 'reservation.ics',
            contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
            content: Buffer.from(
              reservationIcs({
                uid: `${b.hash}@${b.host}`,
                timeZone: venue.timezone,
                date: b.date,
                time: b.time,
                durationMinutes: 120,
                summary: `${venue.name} · ${labels.people} ${b.pax}`,
                location: venue.address,
                description: `${mail.subject}\n${editUrl}`,
                url: editUrl,
                now,
              }),
            ).toString('base64'),
          },
        ];
  await enqueueEmail(tx, { venueId: venue.id, template, locale, to: b.email.trim(), subject: mail.subject, text: mail.text, html: mail.html, attachments });
  if (venue.email) {
    const venueLocale = 'it';
    const venueLabels = summaryLabels(venueLocale);
    const note = renderEmail(
      'reservationVenue',
      venueLocale,
      { venueName: venue.name, date: b.date, time: b.time, pax: String(b.pax), outcome: b.outcome },
      [
        [venueLabels.name, `${b.nome} ${b.cognome}`],
        [venueLabels.people, String(b.pax)],
        [venueLabels.date, b.date],
        [venueLabels.time, b.time],
        [venueLabels.zone, zoneName],
        [venueLabels.contact, `${b.email}, ${b.prefisso} ${b.telefono}`],
        ...(b.note ? [['Note', b.note] as [string, string]] : []),
      ],
    );
    await enqueueEmail(tx, { venueId: venue.id, template: 'reservationVenue', locale: venueLocale, to: venue.email, subject: note.subject, text: note.text, html: note.html });
  }
}
