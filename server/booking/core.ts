import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import { createHash } from 'node:crypto';
import type { GuaranteeTerms } from '@/server/db/schema';
import type { PublicPaymentConfig } from '@/lib/payments/types';
import type { LocalCard, TableBooking, TableDayQuery, TableGuaranteeInput, TableHoldInput, TableMonthQuery } from '@/lib/backend/tables';
import { botCheck, ok, refused, TABLE, type BookingSubmit, type Outcome, type Refusal } from './lifecycle';
import { now as clockNow } from '@/server/clock';
import { applyPaymentEvent, guaranteeProvider, localPayments, startCardSetup } from '@/server/payments';
import { guaranteeTerms, totalFeeCents } from './guarantee';
import { holdSlot, releaseHold } from './holds';
import { log } from '@/lib/log';
import { refusing } from '@/lib/backend/refusing';
import { countRefusal } from '@/server/observability/observe';
import { RATE_LIMITED, RateLimitedError } from '@/server/limits/config';
import { BookingError, checkChoice, createReservation, getDay, getMonth, loadBookingVenue, requireModule, } from './service';
import { cancelReservation, editReservation, findReservation, reservationView } from './changes';
import { codeStatus, resendCode, verifyCode } from './sms';
import type { ReservationData } from '@/lib/forms/reservation';

/**
 * The table bookings' core (issue 42): typed input on a resolved venue, a typed answer or a
 * typed refusal. Both doors call it: the built-in backend directly (server/backend/builtin.ts),
 * the contract's inbound adapter after reading the wire (server/booking/calls.ts), so the two
 * answer alike by construction.
 */
export type { Outcome, Refusal } from './lifecycle';

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

/** A month's day states for a party: its usage kept a moment, dropped by every change made here (server/booking/month-cache.ts). */
export const tableMonth = (db: Db, venue: VenueContext, q: TableMonthQuery) =>
  refusingBooking(async () => ({ status: true as const, data: await getMonth(db, venue, { year: q.year, month: q.month, pax: q.partySize, module: q.module || undefined, editing: await movingBooking(db, venue, q.editing) }, clockNow(), { kept: true }) }));

/** A day's slots and zones for a party, and why it is full when it is. */
export const tableDay = (db: Db, venue: VenueContext, q: TableDayQuery) =>
  refusingBooking(async () => ({ status: true as const, data: await getDay(db, venue, { date: q.date, pax: q.partySize, module: q.module || undefined, editing: await movingBooking(db, venue, q.editing) }) }));

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
export const tableEdit = (db: Db, venue: VenueContext, hash: string, booking: TableBooking, linkHost: string) =>
  refusingBooking(async () => {
    const result = await editReservation(db, venue, hash, formOf(booking), { host: linkHost });
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

/** A booking as the booking service reads it (server/booking/service.ts names the party `pax`, as the form does). */
const formOf = ({ partySize, module, ...rest }: TableBooking): ReservationData => ({ ...rest, pax: partySize, reservemodule: module });

/**
 * Holds the seats of a choice: `{holdToken, expiresAt}`, or a refusal with the condition (the
 * contract answers it 200 `status: false`), or `rateLimited` past the address's live holds or held covers.
 */
export const tableHold = (db: Db, venue: VenueContext, h: TableHoldInput) =>
  refusingBooking(async () => {
    const result = await holdSlot(db, venue, {
      date: h.date,
      time: h.time,
      pax: h.partySize,
      zone: h.zone,
      module: h.module,
      replaceToken: h.replaceToken || undefined,
      clientAddress: h.clientAddress || undefined,
      editing: await movingBooking(db, venue, h.editing || undefined),
    });
    if ('condition' in result) return refused(200, result.condition);
    return ok({ holdToken: result.token, expiresAt: result.expiresAt.toISOString() });
  });

/** Gives held seats back at once (an unknown or absent token: nothing to give). */
export async function tableRelease(db: Db, venue: VenueContext, holdToken: string | undefined): Promise<Outcome<null>> {
  if (holdToken) await releaseHold(db, venue, holdToken);
  return ok(null);
}

/** What a submit brings beside the booking (the lifecycle's): the language, the partner flag, the address, the source, the bot check's token. */
export type TableSubmitContext = BookingSubmit;

/** Books a table: `{outcome, hash}`, `soldOut` (nothing stored), or the refusal of its input, its bot check or its card. */
export const tableCreate = (db: Db, venue: VenueContext, booking: TableBooking, submit: TableSubmitContext) =>
  refusingBooking(async () => {
    // The venue may confirm an unsure submit by the SMS code instead of the visible challenge.
    const bot = await botCheck(TABLE, venue.id, submit, async () => (await loadBookingVenue(db, venue)).rules.smsConfirmation.mode === 'botUnsure');
    if (typeof bot !== 'string') return bot;
    const result = await createReservation(db, venue, formOf(booking), { locale: submit.locale, partner: submit.partner, host: submit.linkHost, botVerdict: bot, source: submit.source, keep: submit.keep, keepWrite: submit.keepWrite });
    if (result.outcome === 'soldOut' || !result.hash) return refused(200, 'soldOut');
    return ok({ outcome: result.outcome, hash: result.hash });
  });

/**
 * Whether a choice needs a card guarantee: `{required: false}`, or the terms (policy, fee) and a
 * new card setup `{required, terms, payment, reference, clientSecret}` (no setup without the provider's public key).
 */
export type GuaranteeOffer =
  | { required: false }
  | { required: true; terms: GuaranteeTerms & { totalCents: number }; payment: PublicPaymentConfig; reference?: string; clientSecret?: string };
export const tableGuarantee = (db: Db, venue: VenueContext, g: TableGuaranteeInput) =>
  refusingBooking<GuaranteeOffer>(async () => {
    const v = await loadBookingVenue(db, venue);
    const { shift, zone } = checkChoice(v, venue, { date: g.date, time: g.time, pax: g.partySize, zone: g.zone }, requireModule(v, g.module), clockNow());
    const terms = guaranteeTerms(v.rules, { date: g.date, shiftKey: shift.key, zoneKey: zone.key, pax: g.partySize }, venue.currency);
    if (!terms) return ok({ required: false as const });
    const provider = guaranteeProvider();
    const payment = provider.publicConfig();
    const totalCents = totalFeeCents(terms, g.partySize);
    const base = { required: true as const, terms: { ...terms, totalCents }, payment };
    // Without the public key the browser cannot collect the card: no setup is started.
    if (payment.kind === 'stripe' && !payment.publishableKey) return ok(base);
    const setup = await startCardSetup(db, venue, {
      amountCents: totalCents,
      currency: venue.currency,
      email: g.email ?? '',
      description: `${venue.name} ${g.date} ${g.time} (${g.partySize})`,
      metadata: {
        date: g.date,
        time: g.time,
        pax: String(g.partySize),
        // One setup per hold and terms: the same guarantee asked again (a retry, a double click, a script) is the same SetupIntent.
        ...(g.holdToken ? { idempotencyKey: `guarantee-${createHash('sha256').update([venue.slug, g.holdToken, totalCents, g.email ?? '', g.date, g.time, g.partySize].join('|')).digest('base64url')}` } : {}),
      },
    });
    return ok({ ...base, reference: setup.reference, clientSecret: setup.clientSecret });
  });

/**
 * The local test provider's card form: the setup's status as Stripe.js answers it (`succeeded`),
 * or `paymentNotFound` (404), `declined`, `cardInvalid`, `paymentFailed` (402). Its signed webhook is applied too.
 */
export const tableConfirmLocalCard = (db: Db, card: LocalCard) =>
  refusingBooking(async () => {
    if (guaranteeProvider().kind !== 'local') return refused(404, 'paymentNotFound');
    const payments = localPayments();
    const confirmed = await payments.confirm(card.reference, card.clientSecret, { number: card.cardNumber });
    if (!confirmed) return refused(404, 'paymentNotFound');
    // The same path as a provider's webhook: signature verified, then applied once.
    await applyPaymentEvent(db, payments.parseWebhook(confirmed.event.body, confirmed.event.signature));
    const { setup } = confirmed;
    if (setup.status === 'succeeded') return ok({ status: setup.status });
    return refused(402, setup.lastError === 'processing_error' ? 'paymentFailed' : setup.lastError === 'incorrect_number' ? 'cardInvalid' : 'declined');
  });
