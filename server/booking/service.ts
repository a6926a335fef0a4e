import 'server-only';
import { and, eq, gt, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, slotHolds, waitlistOffers, type GuaranteeTerms, type ReservationRow, type Texts, type VenueRow } from '@/server/db/schema';
import { unionAll } from 'drizzle-orm/pg-core';
import { preparedRowInsert, preparedStatement } from '@/server/db/prepared';
import { bookingId } from '@/server/ids';
import type { ReservationData, ReservationOutcome } from '@/lib/forms/reservation';
import type { BookingSource } from '@/lib/booking/source';
import { bookingGuestColumns, guestConsentColumns } from '@/server/consent/guest-columns';
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
import { localMoment } from './time';
import { monthAnswer, monthChanged, setupId } from './month-cache';
import { suggestTables } from './tables';
import { verifyCardSetup } from '@/server/payments';
import { acceptedPolicyText, MAIL_FIELDS, reservationEmails } from './emails';
import { emailRows, type EmailFrame, type EmailMessage, type OutboxInsert } from '@/server/outbox/enqueue';
import { TABLE, type Keeping } from './lifecycle';
import { createBooking } from './create';
import { guaranteeTerms } from './guarantee';
import { issueCode } from './sms';
import { now as clockNow } from '@/server/clock';
import { prepareConsents } from '@/server/consent/records';
import { contextOf, linkHostFrom, type BookingSetup, type VenueContext } from '@/server/venues/context';
import { addExperienceToReservation } from '@/server/experiences/service';
import { BookingError } from './errors';
import { overChannelQuota } from '@/server/channels/quotas';

export { BookingError } from './errors';

/** The venue's booking set-up (rules, shifts, zones, experiences, hosts): the request's resolved venue's, or its cached context's for a bare row (a sweep). */
export async function loadBookingVenue(db: Db, venue: VenueRow | VenueContext): Promise<BookingSetup> {
  return (await contextOf(db, venue)).setup;
}

/** A hold's or an offer's row in the usage: one party without tables. */
const oneParty = (covers: typeof slotHolds.covers | typeof reservations.covers) => ({ tables: sql<string[] | null>`null::text[]`, party: sql<number | null>`${covers}`, parties: sql<number>`1` });

/** The placeholders of the usage's statement, filled by each call. */
const at = { venue: sql.placeholder('venue'), from: sql.placeholder('from'), to: sql.placeholder('to'), now: sql.placeholder('now'), except: sql.placeholder('except') };

/**
 * The usage's one statement (issue 42), built once with placeholders and prepared by name (issue
 * 43: built for every booking, twice, and every month, it was most of a booking's query building).
 */
const usageStatement = preparedStatement('booking_usage', (db) => {
  const none = { token: sql<string | null>`null::text`, offerId: sql<number | null>`null::int` };
  // Each party's tables (issue 44): bookings with tables one row per tables; those without, one row per party size, counted.
  // A party that left or never came (finished, no-show) holds no table, while its covers still count as they did.
  const tablesHeld = sql<string[] | null>`case when ${reservations.attendance} in ('finished', 'noshow') then '{}'::text[] else ${reservations.tables} end`;
  const partyOf = sql<number | null>`case when ${tablesHeld} is null then ${reservations.covers} end`;
  const taken = db
    .select({
      date: reservations.date,
      shift: reservations.shiftKey,
      time: reservations.time,
      zone: reservations.zoneKey,
      covers: sql<number>`sum(${reservations.covers})::int`,
      ...none,
      tables: tablesHeld,
      party: partyOf,
      parties: sql<number>`count(*)::int`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.venueId, at.venue),
        gte(reservations.date, at.from),
        lte(reservations.date, at.to),
        or(inArray(reservations.status, ['confirmed', 'pending']), and(eq(reservations.status, 'suspended'), gt(reservations.suspendedUntil, at.now))),
        // The booking being changed counts for nothing (0 when none: no booking has that id).
        ne(reservations.id, at.except),
      ),
    )
    .groupBy(reservations.date, reservations.shiftKey, reservations.time, reservations.zoneKey, tablesHeld, partyOf);
  const held = db
    .select({ date: slotHolds.date, shift: slotHolds.shiftKey, time: slotHolds.time, zone: slotHolds.zoneKey, covers: slotHolds.covers, token: slotHolds.token, offerId: none.offerId, ...oneParty(slotHolds.covers) })
    .from(slotHolds)
    .where(and(eq(slotHolds.venueId, at.venue), gte(slotHolds.date, at.from), lte(slotHolds.date, at.to), gt(slotHolds.expiresAt, at.now)));
  const offered = db
    .select({ date: reservations.date, shift: reservations.shiftKey, time: reservations.time, zone: reservations.zoneKey, covers: reservations.covers, token: none.token, offerId: waitlistOffers.id, ...oneParty(reservations.covers) })
    .from(waitlistOffers)
    .innerJoin(reservations, eq(reservations.id, waitlistOffers.reservationId))
    .where(and(eq(waitlistOffers.venueId, at.venue), eq(waitlistOffers.status, 'open'), gt(waitlistOffers.expiresAt, at.now), eq(reservations.status, 'waitinglist'), gte(reservations.date, at.from), lte(reservations.date, at.to)));
  return unionAll(taken, held, offered).prepare('booking_usage');
});

/**
 * Covers taken from `from` to `to`: bookings confirmed or awaiting the venue, live holds, and
 * seats offered to a waiting-list guest (held for them until the offer expires, issue 24). One
 * statement, so that a booking's read under the evening's lock is one (issue 42), prepared once (issue 43).
 */
export async function usageBetween(db: Db, venueId: number, from: string, to: string, now: Date, except?: { holdToken?: string; reservationId?: number; offerId?: number }) {
  const rows = await usageStatement(db).execute({ venue: venueId, from, to, now: now.toISOString(), except: except?.reservationId ?? 0 });
  const byDate = new Map<string, DayUsage>();
  for (const row of rows) {
    if (row.token !== null && row.token === except?.holdToken) continue;
    if (row.offerId !== null && row.offerId === except?.offerId) continue;
    let usage = byDate.get(row.date);
    if (!usage) byDate.set(row.date, (usage = emptyUsage()));
    const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + Number(row.covers));
    bump(usage.shift, row.shift);
    bump(usage.slot, slotKey(row.shift, row.time));
    bump(usage.zone, zoneKey(row.shift, row.zone));
    if (row.tables) usage.seatings.push({ time: row.time, zone: row.zone, covers: Number(row.covers), tables: row.tables });
    else for (let i = 0; i < row.parties; i++) usage.seatings.push({ time: row.time, zone: row.zone, covers: Number(row.party ?? row.covers), tables: null });
  }
  return byDate;
}

export function requireModule(venue: Venue, key: string | undefined): Module | null {
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
export async function getMonth(db: Db, venue: VenueRow, q: { year: number; month: number; pax: number; module?: string; editing?: number }, now = clockNow(), options: { kept?: boolean } = {}) {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, q.module);
  requireParty(v, q.pax);
  const first = `${q.year}-${String(q.month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(q.year, q.month, 0)).getUTCDate();
  const last = addDays(first, days - 1);
  // The guest's calendar (the contract's call) reads a month kept a moment, dropped by every change (server/booking/month-cache.ts); a move's own month is read afresh.
  const read = () => usageBetween(db, venue.id, first, last, now, { reservationId: q.editing });
  const { today, earliest } = clock(venue, v.rules, now);
  const states = (usage: Map<string, DayUsage>) =>
    Array.from({ length: days }, (_, i) => {
      const date = addDays(first, i);
      return { date, state: dayState(v, date, q.pax, usage.get(date) ?? emptyUsage(), earliest, today, bookingModule) as DayState };
    });
  if (!options.kept || q.editing !== undefined) return states(await read());
  // Its day states kept with it, for the same rules, party, module and minute (shared by the calls: never changed by them).
  return monthAnswer(db, venue.id, first, now, read, `${setupId(v)}|${q.pax}|${bookingModule?.key ?? ''}|${today}|${JSON.stringify(earliest)}`, states);
}

/** `reservation/getday`: a day's slots with their zones, and why it is full when it is. */
export async function getDay(db: Db, venue: VenueRow, q: { date: string; pax: number; module?: string; editing?: number }, now = clockNow()) {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, q.module);
  requireParty(v, q.pax);
  const usage = (await usageBetween(db, venue.id, q.date, q.date, now, { reservationId: q.editing })).get(q.date) ?? emptyUsage();
  const { today, earliest } = clock(venue, v.rules, now);
  const state = dayState(v, q.date, q.pax, usage, earliest, today, bookingModule);
  const slots: Slot[] = state === 'available' || state === 'completed' ? daySlots(v, q.date, q.pax, usage, earliest, bookingModule) : [];
  const condition: Condition | undefined = state === 'experience' ? 'onlyExperiences' : dayCondition(slots);
  return { date: q.date, state, condition, waitingList: v.rules.waitingList, slots };
}

/**
 * The capacity lock's name: one per venue and day, whatever the shift. A table's turn
 * (`booking.turnMinutes`) and a pacing window (`booking.pacingCoversPer15Minutes`) run from one
 * shift into another that overlaps or follows it on the same day, so two bookings in two shifts
 * may compete for one table or one 15 minutes: they take one lock (one statement, as before).
 * Changes that hold two days take both, in this name's order (server/booking/lifecycle.ts `inLockOrder`).
 */
export const capacityLockName = (date: string) => `capacity|${date}`;

/**
 * Serialises every change to the capacity of one venue's day (all its shifts), in PostgreSQL and
 * PGlite alike. The day's month, kept for the calendar, is dropped as the lock is taken (server/booking/month-cache.ts).
 */
export async function lockCapacity(tx: Db, venueId: number, date: string) {
  monthChanged(venueId, date);
  // Its values written in the text (a venue's id, a checked date) so that, a transaction's first statement, it carries the BEGIN (server/db/begin.ts).
  const literal = Number.isSafeInteger(venueId) && /^\d{4}-\d{2}-\d{2}$/.test(date);
  await tx.execute(literal ? sql.raw(`select pg_advisory_xact_lock(${venueId}, hashtext('${capacityLockName(date)}'))`) : sql`select pg_advisory_xact_lock(${venueId}, hashtext(${capacityLockName(date)}))`);
}

/** The day's capacity lock as the booking lifecycle takes it: its month dropped again once the transaction has ended (a month read meanwhile saw it before its commit). */
export const capacityLock = (venueId: number, date: string) => ({ name: capacityLockName(date), take: (tx: Db) => lockCapacity(tx, venueId, date), after: () => monthChanged(venueId, date) });

/** Checks that a choice is bookable at all (past, closed, unknown zone...): bad input is refused. */
export function checkChoice(v: Venue, venue: VenueRow, c: { date: string; time: string; pax: number; zone: string }, bookingModule: Module | null, now: Date) {
  requireParty(v, c.pax);
  const { today, earliest } = clock(venue, v.rules, now);
  if (c.date < today || isBeforeNotice(c.date, c.time, earliest)) throw new BookingError('pastDate', 'date');
  if (c.date > addDays(today, v.rules.daysAhead)) throw new BookingError('closedDay', 'date');
  const open = openShifts(v, c.date, bookingModule);
  if (!open.length) throw new BookingError(hasExperience(v, c.date, bookingModule) ? 'onlyExperiences' : 'closedDay', 'date');
  const shift = open.find((s) => slotTimes(s).includes(c.time));
  if (!shift) throw new BookingError('timeNotOffered', 'time');
  const zone = bookableZones(v, bookingModule).find((z) => z.key === c.zone);
  if (!zone) throw new BookingError('zoneNotOffered', 'zone');
  return { shift, zone };
}

/** Where a booking sits, as a checked choice places it: its day, time, shift, zone and covers. */
export function placeColumns(c: { date: string; time: string; pax: number }, { shift, zone }: ReturnType<typeof checkChoice>) {
  return { date: c.date, time: c.time, shiftKey: shift.key, zoneKey: zone.key, covers: c.pax };
}

/** What the call layer learnt about the submit before booking: the bot check's verdict; and how it keeps its idempotency key. */
export type SubmitContext = {
  locale: string;
  partner: boolean;
  host: string;
  botVerdict: 'pass' | 'unsure';
  /** Where the booking came from (issue 46): the site's when not said. */
  source?: BookingSource;
} & Keeping;

/** The door the consents were given through when it is not the site's form (web, embed): an assistant or a channel (issue 46). */
export const throughAnotherDoor = (source: BookingSource | undefined) => (source === 'mcp' || source?.startsWith('channel:') ? source : undefined);

/** Whether the venue asks this booking for the SMS code (spec: never, always, above N covers, bot check unsure). */
export function needsSmsCode(rules: Venue['rules'], pax: number, botVerdict: SubmitContext['botVerdict']): boolean {
  const { mode, covers } = rules.smsConfirmation;
  return mode === 'always' || (mode === 'aboveCovers' && pax > covers) || (mode === 'botUnsure' && botVerdict === 'unsure');
}

/** The card guarantee this choice needs, checked with the provider when the guest gave one. */
async function checkGuarantee(db: Db, venue: VenueRow, terms: GuaranteeTerms | null, input: ReservationData) {
  if (!terms || !input.guaranteeReference) return null;
  const used = await db.select({ id: reservations.id }).from(reservations).where(eq(reservations.guaranteeReference, input.guaranteeReference));
  if (used.length) throw new BookingError('paymentNotFound');
  return verifyCardSetup(db, venue, input.guaranteeReference);
}

/**
 * A new booking's row, its insert built once per set of columns and sent by name (issue 43: built for
 * every booking, it was most of a booking's query building left). One card setup guarantees one
 * booking, also when two submits race with the same one: none is inserted for the second.
 */
const insertReservation = preparedRowInsert('booking_insert', reservations, (insert) => insert.onConflictDoNothing({ target: reservations.guaranteeReference }).returning());

/** Bookings whose e-mails were rendered under the evening's lock, as they stood: their status or row not the expected one (a test reads it). */
let renderedUnderLock = 0;
export const mailsRenderedUnderLock = () => renderedUnderLock;

/** A row about to be inserted, with the columns the database fills as it fills them, for its e-mails (checked against the inserted row before use). */
const expectedRow = (values: Omit<Partial<ReservationRow>, 'source'> & { source?: string }): ReservationRow =>
  ({ id: 0, revision: 0, cancellationFeeCents: null, visitReason: null, notes: null, guaranteeTerms: null, guaranteeProvider: null, guaranteePaymentMethod: null, ...values }) as ReservationRow;

/** Whether two rows give the same e-mails: equal in every field the e-mails read (server/booking/emails.ts `MAIL_FIELDS`). */
const sameForMails = (a: ReservationRow, b: ReservationRow) => MAIL_FIELDS.every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));

/**
 * Books a table. Capacity is checked and taken in one transaction that holds the lock of
 * the venue and date (all its shifts: tables and pacing cross them), so concurrent bookings can never seat more covers than the
 * shift, slot or zone allows: each gets `confirm`, `accept` (awaits the venue), the
 * waiting list, `suspended` (awaits the SMS code, seats held) or `soldOut` (nothing stored).
 * When the venue asks for a card guarantee, the saved card is verified with the provider
 * and the cancellation policy must be accepted, unless the booking lands on the waiting list.
 */
export async function createReservation(
  db: Db,
  venue: VenueRow,
  input: ReservationData,
  context: SubmitContext,
  now = clockNow(),
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
  const terms = guaranteeTerms(v.rules, { date: input.date, shiftKey: shift.key, zoneKey: zone.key, pax: input.pax }, venue.currency);
  const card = await checkGuarantee(db, venue, terms, input);
  const sms = needsSmsCode(v.rules, input.pax, context.botVerdict);
  // Read before the evening's lock, so that the transaction holding it writes and little else
  // (issue 42: at most 4 statements under it): the consents' texts, the e-mails' link host.
  const policyText = terms && card?.ok ? acceptedPolicyText(venue, { guaranteeTerms: terms, date: input.date, time: input.time, covers: input.pax }, context.locale, now) : null;
  const consents = await prepareConsents(db, venue, { email: input.email, locale: context.locale, form: TABLE.consentForm, privacy: true, marketing: { email: input.marketing, sms: input.marketingSms }, policy: policyText, via: throughAnotherDoor(context.source) });
  const linkHost = linkHostFrom(v.hosts, venue.isDefault);
  const dropHold = async (tx: Db) => {
    if (input.holdToken) await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, input.holdToken)));
  };
  const seated = input.pax <= v.rules.autoConfirmMaxCovers ? ('confirmed' as const) : ('pending' as const);
  type Status = 'waitinglist' | 'suspended' | typeof seated;
  type Count = { full: ReturnType<typeof fits>; usage: DayUsage | null };
  // The booking's row as inserted: its hash drawn and its stamps taken here, so that its e-mails can be rendered before the lock.
  const hash = bookingId();
  const rowValues = (status: Status, tables: string[] | null) => {
    const guaranteed = terms && status !== 'waitinglist';
    return {
      venueId: venue.id,
      hash,
      ...placeColumns(input, { shift, zone }),
      tables,
      status,
      confirmsAs: status === 'suspended' ? seated : null,
      moduleKey: bookingModule?.key ?? null,
      ...bookingGuestColumns(input, input.motivo ?? null),
      ...guestConsentColumns(venue, input, context, now),
      botVerdict: context.botVerdict,
      source: context.source ?? ('web' as const),
      ...(guaranteed && card?.ok
        ? { guaranteeProvider: card.provider, guaranteeReference: input.guaranteeReference, guaranteePaymentMethod: card.paymentMethod, guaranteeTerms: { ...terms, text: policyText ?? undefined } }
        : {}),
      createdAt: now,
      updatedAt: now,
    };
  };
  /**
   * The e-mails of the status the booking expects (seated; not one awaiting its SMS code, nor one with an
   * experience, whose title is read under the lock), rendered and framed before the evening's lock (issue 43:
   * most of the CPU spent under it), after the unlocked read has not answered the booking (a full evening).
   * Used under the lock when the row stands as expected; written in the booking's transaction all the same.
   */
  let rendered: { status: Status; row: ReservationRow; mails: { mails: EmailMessage[]; frame: EmailFrame; rows: OutboxInsert[] } } | null = null;
  const renderEarly = async () => {
    if (sms || input.experience) return;
    const row = expectedRow(rowValues(seated, null));
    const frame = { venue, linkHost };
    const mails = await reservationEmails(db, venue, row, seated === 'confirmed' ? 'confirm' : 'accept', { host: context.host, zoneName: zone.name as Texts, now, linkHost });
    rendered = { status: seated, row, mails: { mails, frame, rows: await emailRows(db, mails, frame) } };
  };
  const result = await createBooking<Count, Status, typeof reservations.$inferSelect, Exclude<ReservationOutcome, 'soldOut'>, { outcome: 'soldOut' }>(TABLE, { db, keeping: context, source: context.source, now }, {
    // Once the evening is full, a guest without a hold is answered (the waiting list, or sold out) from
    // an unlocked read, without queueing on the evening's lock behind the bookings that may still
    // fit (issue 27): seats only come back by a cancel, whose offers go to the waiting list, and the
    // sweep offers seats still free to entries that joined meanwhile (server/booking/waitlist.ts).
    early: async () => {
      if (input.holdToken) return null;
      const full = fits(v, (await usageBetween(db, venue.id, input.date, input.date, now)).get(input.date) ?? emptyUsage(), shift, input.time, zone, input.pax);
      return full ? { full, usage: null } : null;
    },
    before: renderEarly,
    lock: capacityLock(venue.id, input.date),
    count: async (tx) => {
      const usage = (await usageBetween(tx, venue.id, input.date, input.date, now, { holdToken: input.holdToken })).get(input.date) ?? emptyUsage();
      return { full: fits(v, usage, shift, input.time, zone, input.pax), usage };
    },
    decide: async (tx, { full }) => {
      // A channel's quota of covers per shift (issue 46): past it, the channel finds the time sold out.
      const overQuota = !full && (await overChannelQuota(tx, v.rules, venue.id, context.source, { date: input.date, shiftKey: shift.key, pax: input.pax }, now));
      const status: Status | null = overQuota ? null : full ? (v.rules.waitingList ? 'waitinglist' : null) : sms ? 'suspended' : seated;
      if (status) return { status };
      await dropHold(tx);
      return { refused: { outcome: 'soldOut' } };
    },
    pay: async (tx, status) => {
      // A seat that needs a card: no card, a card not saved, or a policy not accepted is refused.
      if (terms && status !== 'waitinglist') {
        if (!input.guaranteeReference || !card) throw new BookingError('guaranteeRequired', 'guaranteeReference');
        if (!card.ok) throw new BookingError(card.error);
        if (!input.cancellationPolicy) throw new BookingError('cancellationPolicyRequired', 'cancellationPolicy');
      }
      await dropHold(tx);
    },
    insert: async (tx, status, { usage }) => {
      // Its table (issue 44): the smallest free one that seats the party, read with the usage under the lock.
      const tables = status !== 'waitinglist' && usage ? suggestTables(v.rules, usage.seatings, { time: input.time, covers: input.pax, zone: zone.key }) : null;
      const [row] = await insertReservation(tx, rowValues(status, tables));
      return row;
    },
    last: async (tx, row, status) => {
      const hash = row.hash;
      // The policy's consent only where the booking holds the policy (not on the waiting list).
      const given = { ...consents, rows: consents.rows.filter((c) => c.purpose !== 'policy' || row.guaranteeTerms?.text) };
      // The experience chosen in the time step joins the booking in this transaction, or neither is stored.
      const experience = input.experience ? await addExperienceToReservation(tx, venue, row, input.experience, now) : null;
      // Its e-mails wait for the code (server/booking/sms.ts).
      if (status === 'suspended') return { answer: { outcome: 'suspended', hash }, consents: given, mails: { mails: [], frame: { venue, linkHost } }, after: async (t) => void (await issueCode(t, venue, row, now)) };
      const outcome = status === 'confirmed' ? ('confirm' as const) : status === 'pending' ? ('accept' as const) : ('waitinglist' as const);
      // The e-mails rendered before the lock when the booking stands as expected (the usual case); else rendered here.
      if (rendered && rendered.status === status && !experience && sameForMails(rendered.row, row)) return { answer: { outcome, hash }, consents: given, mails: rendered.mails };
      renderedUnderLock += 1;
      // The consents and the e-mails (their frame read before the lock), and the call's idempotency key, in one statement.
      const mails = await reservationEmails(tx, venue, row, outcome, { host: context.host, zoneName: zone.name as Texts, now, experience: experience?.title, linkHost });
      return { answer: { outcome, hash }, consents: given, mails: { mails, frame: { venue, linkHost } } };
    },
    logged: { venueId: venue.id, guarantee: Boolean(card?.ok) },
  });
  return 'made' in result ? result.made : result.refused;
}
