import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experiences, type VenueRow } from '@/server/db/schema';
import type { VenueContext } from '@/server/venues/context';
import type {
  ExperienceBooking,
  ExperienceChange,
  ExperienceDayQuery,
  ExperienceDaysQuery,
  ExperienceFieldsQuery,
  ExperienceMonthDay,
  ExperienceMonthQuery,
  ExperiencePaymentInput,
  ExperienceTimesQuery,
  StoredDayOffer,
  StoredField,
} from '@/lib/backend/experiences';
import type { LocalCard } from '@/lib/backend/tables';
import type { ExperienceBookingData } from '@/lib/forms/experience';
import type { ExperienceDay, ExperienceOutcome, ExperiencePayment, ExperienceTime } from '@/lib/contract/experience-booking';
import { toLocale } from '@/lib/i18n/locales';
import { log } from '@/lib/log';
import { refusing } from '@/lib/backend/refusing';
import { now as clockNow } from '@/server/clock';
import { addDays, experienceOffersDay } from '@/server/booking/availability';
import type { BookingRules } from '@/server/booking/rules';
import { localMoment } from '@/server/booking/time';
import { BookingError } from '@/server/booking/errors';
import { totalFeeCents } from '@/server/booking/guarantee';
import { botCheck, EXPERIENCE, ok, refused, type BookingSubmit, type Outcome, type Refusal } from '@/server/booking/lifecycle';
import { guaranteeProvider, startCardSetup } from '@/server/payments';
import { confirmLocalDeposit, depositProvider, startDeposit } from '@/server/payments/deposit';
import { countRefusal } from '@/server/observability/observe';
import { amountDueCents, experienceGuarantee, isAddOn, type ScheduledExperience } from './rules';
import { additionalFields, availableDays, availableTimes, checkExperienceChoice, clockFor, createExperienceBooking, findExperience, rulesOf, withVenueWeekdays } from './service';
import { cancelExperienceBooking, editExperienceBooking, experienceBookingView } from './changes';

/**
 * The experience bookings' core (issue 42), as the table bookings' (server/booking/core.ts):
 * typed input on a resolved venue, a typed answer or a typed refusal, `partySize` for the party.
 * Both doors call it: the built-in backend directly (server/backend/builtin.ts), the contract's
 * inbound adapter after reading the wire (server/experiences/calls-*.ts).
 */


/** A domain error as its refusal: `notFound` a 404, any other a 400 with its message key (under `experiences.errors`); anything else is thrown on. */
export function experienceRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof BookingError)) return undefined;
  log.info('experience_refused', { code: error.code });
  countRefusal('experience', error.code);
  const extra = (error as BookingError & { fieldErrors?: Record<string, string> }).fieldErrors;
  if (error.code === 'notFound') return refused(404, 'notFound');
  return refused(400, error.code, extra ?? (error.field ? { [error.field]: error.code } : {}));
}

/** Runs a core call, its domain errors answered as their refusals. */
export const refusingExperience = <T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> => refusing<Outcome<T>>(run, experienceRefusal);

/** The experience of an id on this venue, or the refusal `notFound`. */
export async function experienceOf(db: Db, venue: VenueRow, experienceId: number) {
  const e = await findExperience(db, venue, { id: experienceId });
  if (!e) throw new BookingError('notFound', 'experienceId');
  return e;
}

/** The experiences in the calendar: active and visible. One read, whatever their number (issue 42). */
export const calendarExperiences = (db: Db, venue: VenueRow) =>
  db
    .select(withVenueWeekdays)
    .from(experiences)
    .where(and(eq(experiences.venueId, venue.id), eq(experiences.active, true), eq(experiences.visible, true), eq(experiences.calendar, true)));

/** Of the calendar's experiences, those a party can book on a date: on one of their days, for that many guests, on a day the venue opens. */
export function offeredOn(rules: BookingRules, rows: ScheduledExperience[], date: string, partySize: number) {
  return rows.filter((e) => experienceOffersDay(e, rules, e.venueWeekdays, date) && partySize >= e.minGuests && partySize <= e.maxGuests);
}

/** The days of a month (from today) on which the party can book an experience, each with those experiences' hashes. */
export async function experienceMonth(db: Db, venue: VenueContext, q: ExperienceMonthQuery): Promise<Outcome<ExperienceMonthDay[]>> {
  const first = `${q.year}-${String(q.month).padStart(2, '0')}-01`;
  const days = new Date(Date.UTC(q.year, q.month, 0)).getUTCDate();
  const today = localMoment(venue.timezone, clockNow()).date;
  const out: ExperienceMonthDay[] = [];
  const rows = await calendarExperiences(db, venue);
  const { rules } = venue.setup;
  for (let i = 0; i < days; i++) {
    const date = addDays(first, i);
    if (date < today) continue;
    const list = offeredOn(rules, rows, date, q.partySize);
    if (list.length) out.push({ date, esperienze: list.map((e) => e.hash) });
  }
  return ok(out);
}

/** The experiences a party can add to a table booking on a date, in the venue's order (their texts as stored). */
export async function experienceDay(db: Db, venue: VenueContext, q: ExperienceDayQuery): Promise<Outcome<StoredDayOffer[]>> {
  const list = offeredOn(venue.setup.rules, await calendarExperiences(db, venue), q.date, q.partySize);
  return ok(
    list
      .sort((a, b) => a.sort - b.sort)
      .map((e) => ({ hash: e.hash, titolo: e.title, descrizione: e.description, orari: e.times, prezzo: e.priceCents / 100, numOspitiMin: e.minGuests, numOspitiMax: e.maxGuests, aggiungibile: isAddOn(e) })),
  );
}

/** An experience's days of a month for a party, each with its state and the places left (0 when unlimited); `notFound` (404) for an unknown experience. */
export const experienceDays = (db: Db, venue: VenueContext, q: ExperienceDaysQuery) =>
  refusingExperience<ExperienceDay[]>(async () => ok(await availableDays(db, venue, await experienceOf(db, venue, q.experienceId), { year: q.year, month: q.month, pax: q.partySize })));

/** An experience's start times on a date, each with whether the party fits. */
export const experienceTimes = (db: Db, venue: VenueContext, q: ExperienceTimesQuery) =>
  refusingExperience<ExperienceTime[]>(async () => ok(await availableTimes(db, venue, await experienceOf(db, venue, q.experienceId), { day: q.date, pax: q.partySize })));

/** The additional fields an experience asks for a zone (its id or key), their labels as stored. */
export const experienceFields = (db: Db, venue: VenueContext, q: ExperienceFieldsQuery) =>
  refusingExperience<StoredField[]>(async () => ok(await additionalFields(db, venue, await experienceOf(db, venue, q.experienceId), q.zone)));

/** An experience booked on its own, as its edit and cancel pages show it; `notFound` (404) for an unknown or malformed hash. */
export async function experienceBooking(db: Db, venue: VenueContext, hash: string): Promise<Outcome<NonNullable<Awaited<ReturnType<typeof experienceBookingView>>>>> {
  const view = await experienceBookingView(db, venue, hash);
  return view ? ok(view) : refused(404, 'notFound');
}

/** A submit's context beside the booking (the lifecycle's). */
export type ExperienceSubmitContext = BookingSubmit;

/** A booking as the booking service reads it (the form's names: `pax`, `day`). */
const formOf = ({ partySize, date, ...rest }: ExperienceBooking): ExperienceBookingData => ({ ...rest, pax: partySize, day: date });

/**
 * Books an experience: `{outcome, hash}` (`reject`: the date is full, nothing stored), or the
 * refusal of its bot check (`botcheckUnsure` 409 asks for the visible challenge, `botcheckFailed` 403), its input or its payment.
 */
export const experienceCreate = (db: Db, venue: VenueContext, booking: ExperienceBooking, submit: ExperienceSubmitContext) =>
  refusingExperience<{ outcome: ExperienceOutcome; hash: string }>(async () => {
    // An experience has no SMS step: an unsure check asks for the visible challenge.
    const bot = await botCheck(EXPERIENCE, venue.id, submit, async () => false);
    if (bot !== 'pass') return typeof bot === 'string' ? refused(409, 'botcheckUnsure') : bot;
    const result = await createExperienceBooking(db, venue, formOf(booking), { host: submit.linkHost, locale: submit.locale, partner: submit.partner, source: submit.source, keep: submit.keep, keepWrite: submit.keepWrite });
    return ok(result);
  });

/**
 * What the booking asks for before it is sent: `guarantee` (the card guarantee's terms and a card
 * setup, as a table's) and `deposit` (a PaymentIntent for the deposit or prepayment), each or null.
 */
export const experienceStartPayment = (db: Db, venue: VenueContext, p: ExperiencePaymentInput) =>
  refusingExperience<ExperiencePayment>(async () => {
    const e = await experienceOf(db, venue, p.experienceId);
    const rules = rulesOf(venue);
    checkExperienceChoice(e, venue, rules, { day: p.date, time: p.time, pax: p.partySize, zone: p.zone }, clockFor(venue, rules));
    const metadata = { experience: e.hash, date: p.date, time: p.time, pax: String(p.partySize) };
    const description = `${venue.name} ${e.key} ${p.date} ${p.time} (${p.partySize})`;
    const terms = experienceGuarantee(e, venue.currency);
    let guarantee: ExperiencePayment['guarantee'] = null;
    if (terms) {
      const payment = guaranteeProvider().publicConfig();
      const totalCents = totalFeeCents(terms, p.partySize);
      const base = { required: true as const, terms: { ...terms, totalCents }, payment };
      guarantee = payment.kind === 'stripe' && !payment.publishableKey ? base : { ...base, ...(await startCardSetup(db, venue, { amountCents: totalCents, currency: venue.currency, email: p.email, description, metadata })) };
    }
    const due = amountDueCents(e, p.partySize);
    let deposit: ExperiencePayment['deposit'] = null;
    if (due > 0) {
      const payment = depositProvider().publicConfig();
      const base = { amountCents: due, currency: venue.currency, kind: e.purchaseType === 2 ? ('prepayment' as const) : ('deposit' as const), payment };
      deposit = payment.kind === 'stripe' && !payment.publishableKey ? base : { ...base, ...(await startDeposit(db, venue, { amountCents: due, currency: venue.currency, email: p.email, description, metadata, locale: toLocale(p.language ?? null) })) };
    }
    return ok({ guarantee, deposit });
  });

/** The local test provider's card form for a deposit: `succeeded`, or `paymentNotFound` (404), `declined`, `cardInvalid`, `paymentFailed` (402). */
export const experienceConfirmLocalDeposit = (db: Db, card: LocalCard) =>
  refusingExperience<{ status: string }>(async () => {
    if (depositProvider().kind !== 'local') return refused(404, 'paymentNotFound');
    const result = await confirmLocalDeposit(db, card.reference, card.clientSecret, card.cardNumber);
    if (!result) return refused(404, 'paymentNotFound');
    if (result.status === 'succeeded') return ok({ status: 'succeeded' });
    return refused(402, result.lastError === 'processing_error' ? 'paymentFailed' : result.lastError === 'incorrect_number' ? 'cardInvalid' : 'declined');
  });

/** Moves a booking to a new date, time, party and zone: `{outcome: 'changed'}`, or why not (a `reserveEdit*Error` or `notChangeable`: 409; unknown: 404; bad input: 400). */
export async function experienceEdit(db: Db, venue: VenueContext, hash: string, change: ExperienceChange, linkHost: string): Promise<Outcome<{ outcome: 'changed' }>> {
  try {
    const result = await editExperienceBooking(db, venue, hash, { day: change.date, time: change.time, pax: change.partySize, zone: change.zone }, { host: linkHost });
    if (result.outcome === 'changed') return ok({ outcome: 'changed' as const });
    return refused(result.outcome === 'notFound' ? 404 : 409, result.outcome);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    log.info('experience_edit_refused', { code: error.code });
    return refused(400, error.code, error.field ? { [error.field]: error.code } : {});
  }
}

/** Cancels a booking by its guest: `{outcome: 'cancelled', feeCents, refundCents}` (also when already cancelled), or `notChangeable` (409), `notFound` (404). */
export async function experienceCancel(db: Db, venue: VenueContext, hash: string, linkHost: string): Promise<Outcome<{ outcome: 'cancelled'; feeCents: number; refundCents: number }>> {
  const result = await cancelExperienceBooking(db, venue, hash, { host: linkHost });
  if (result.outcome === 'cancelled') return ok({ outcome: 'cancelled' as const, feeCents: result.feeCents ?? 0, refundCents: result.refundCents ?? 0 });
  return refused(result.outcome === 'notFound' ? 404 : 409, result.outcome);
}
