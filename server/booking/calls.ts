import 'server-only';
import { bookingRefusal, movingBooking, tableBooking, tableCancel, tableCodeStatus, tableDay, tableEdit, tableMonth, tableResendCode, tableVerifyCode } from './core';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { calendarDaySchema, calendarMonthSchema, smsCodeOf, reservationChoiceSchema, reservationSchema } from '@/lib/forms/reservation';
import { toLocale } from '@/lib/i18n/locales';
import { toBookingSource } from '@/lib/booking/source';
import { createReservation, loadBookingVenue, checkChoice, requireModule } from '@/server/booking/service';
import { holdSlot, releaseHold } from '@/server/booking/holds';
import { guaranteeTerms, totalFeeCents } from '@/server/booking/guarantee';
import { guaranteeProvider, localPayments, applyPaymentEvent, startCardSetup } from '@/server/payments';
import { botVerifier, readTokens } from '@/lib/botcheck';
import { log } from '@/lib/log';
import type { CallContext, Envelope } from '@/server/backend/call';
import { now as clockNow } from '@/server/clock';
import { fields, invalid, refusing } from '../backend/answers';
import { claimOf, idempotent } from '../backend/idempotency';

/** Bad input, in any call, is a 400 with a message key; never a 500 (server/booking/core.ts). */
const guarded = (run: () => Promise<Envelope>) => refusing(run, bookingRefusal);


/** `reservation/getmonth` `{year, month, pax, reservemodule?, hash?}` → `[{date, state}]`: the wire read, then the core. */
export async function getReservationMonth({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = calendarMonthSchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableMonth(db, venue, q.data);
}

/** `reservation/getday` `{day, pax, reservemodule?, hash?}` → `{date, state, condition?, waitingList, slots}`. */
export async function getReservationDay({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = calendarDaySchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableDay(db, venue, q.data);
}

/**
 * `reservation/hold` `{date, time, pax, zone, reservemodule?, holdToken?, remoteIp?}` → `{holdToken, expiresAt}` or `status: false`
 * with the condition, or `rateLimited` (429, `data: {limit, retryAfter}`) past the live holds or held covers of `remoteIp`.
 */
export function holdReservationSlot({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = reservationChoiceSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const result = await holdSlot(db, venue, {
      ...q.data,
      module: q.data.reservemodule,
      replaceToken: params.get('holdToken') || undefined,
      clientAddress: params.get('remoteIp') || undefined,
      editing: await movingBooking(db, venue, params.get('hash') || undefined),
    });
    if ('condition' in result) return { status: false, error: result.condition };
    return { status: true, data: { holdToken: result.token, expiresAt: result.expiresAt.toISOString() } };
  });
}

/** `reservation/release` `{holdToken}`: gives held seats back at once. */
export async function releaseReservationSlot({ db, venue, params }: CallContext): Promise<Envelope> {
  const token = params.get('holdToken');
  if (token) await releaseHold(db, venue, token);
  return { status: true, data: null };
}

/**
 * The bot check of a submit (spec section 7): the v2 token when present, else the v3 one.
 * `unsure` asks the guest for the visible challenge, unless the venue confirms unsure
 * submits with the SMS code instead.
 */
async function checkBot({ db, venue, params }: CallContext): Promise<Envelope | 'pass' | 'unsure'> {
  // An assistant has no browser to run the check in (issue 46, docs/agents.md): its booking counts as
  // unsure, so a venue that confirms unsure submits by SMS asks it for the code; a channel
  // authenticated by its own key passes. Only a front holding the backend token says the source.
  const source = toBookingSource(params.get('source'));
  if (source === 'mcp') return 'unsure';
  if (source.startsWith('channel:')) return 'pass';
  const { version, token } = readTokens(params);
  const verdict = await botVerifier().verify(token, version, { action: 'reserve', remoteIp: params.get('remoteIp') || undefined });
  if (verdict === 'pass') return 'pass';
  const v = await loadBookingVenue(db, venue);
  if (verdict === 'unsure' && version === 'v3') {
    if (v.rules.smsConfirmation.mode === 'botUnsure') return 'unsure';
    return { httpStatus: 409, status: false, error: 'botcheckUnsure' };
  }
  log.warn('botcheck_refused', { venueId: venue.id, version, verdict });
  return { httpStatus: 403, status: false, error: 'botcheckFailed' };
}

/** `reservation/create`: see docs/backend-contract.md; with `idempotencyKey`, a retry answers the first booking (docs: "Idempotency"). */
export function createTableReservation(ctx: CallContext): Promise<Envelope> {
  const { db, venue, params, linkHost } = ctx;
  return guarded(async () => {
    const q = reservationSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return idempotent(db, claimOf(venue.id, 'reservation/create', params, fields(params)), async (keeper) => {
      const bot = await checkBot(ctx);
      if (typeof bot !== 'string') return bot;
      const result = await createReservation(db, venue, q.data, { locale: toLocale(params.get('language')), partner: params.get('partner') === '1', host: linkHost, botVerdict: bot, source: toBookingSource(params.get('source')), keep: keeper.keep, keepWrite: keeper.keepWrite });
      if (result.outcome === 'soldOut') return { status: false, error: 'soldOut' };
      return { status: true, data: { outcome: result.outcome, hash: result.hash } };
    });
  });
}

const choiceWithHold = reservationChoiceSchema.extend({ email: z.string().max(200).optional(), holdToken: z.string().max(64).optional() });

/**
 * `reservation/guarantee` `{pax, date, time, zone, reservemodule?, email?}` → `{required: false}`,
 * or the terms (policy, fee) and a new card setup: `{required, terms, payment, reference, clientSecret}`.
 */
export function startGuarantee({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = choiceWithHold.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const v = await loadBookingVenue(db, venue);
    const { shift, zone } = checkChoice(v, venue, q.data, requireModule(v, q.data.reservemodule), clockNow());
    const terms = guaranteeTerms(v.rules, { date: q.data.date, shiftKey: shift.key, zoneKey: zone.key, pax: q.data.pax }, venue.currency);
    if (!terms) return { status: true, data: { required: false } };
    const provider = guaranteeProvider();
    const payment = provider.publicConfig();
    const totalCents = totalFeeCents(terms, q.data.pax);
    const base = { required: true, terms: { ...terms, totalCents }, payment };
    // Without the public key the browser cannot collect the card: no setup is started.
    if (payment.kind === 'stripe' && !payment.publishableKey) return { status: true, data: base };
    const setup = await startCardSetup(db, venue, {
      amountCents: totalCents,
      currency: venue.currency,
      email: q.data.email ?? '',
      description: `${venue.name} ${q.data.date} ${q.data.time} (${q.data.pax})`,
      metadata: {
        date: q.data.date,
        time: q.data.time,
        pax: String(q.data.pax),
        // One setup per hold and terms: the same guarantee asked again (a retry, a double click, a script) is the same SetupIntent.
        ...(q.data.holdToken ? { idempotencyKey: `guarantee-${createHash('sha256').update([venue.slug, q.data.holdToken, totalCents, q.data.email ?? '', q.data.date, q.data.time, q.data.pax].join('|')).digest('base64url')}` } : {}),
      },
    });
    return { status: true, data: { ...base, reference: setup.reference, clientSecret: setup.clientSecret } };
  });
}

const localCard = z.object({ reference: z.string().max(100), clientSecret: z.string().max(200), cardNumber: z.string().max(40) });

/**
 * `payment/confirmlocal` `{reference, clientSecret, cardNumber}`: the local test provider's card
 * form. Answers the setup's status like Stripe.js does; its signed webhook is applied too.
 */
export function confirmLocalCard({ db, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = localCard.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    if (guaranteeProvider().kind !== 'local') return { httpStatus: 404, status: false, error: 'paymentNotFound' };
    const payments = localPayments();
    const confirmed = await payments.confirm(q.data.reference, q.data.clientSecret, { number: q.data.cardNumber });
    if (!confirmed) return { httpStatus: 404, status: false, error: 'paymentNotFound' };
    // The same path as a provider's webhook: signature verified, then applied once.
    await applyPaymentEvent(db, payments.parseWebhook(confirmed.event.body, confirmed.event.signature));
    const { setup } = confirmed;
    if (setup.status === 'succeeded') return { status: true, data: { status: setup.status } };
    return { httpStatus: 402, status: false, error: setup.lastError === 'processing_error' ? 'paymentFailed' : setup.lastError === 'incorrect_number' ? 'cardInvalid' : 'declined' };
  });
}

/** `reservation/verifycode` `{hash, code, remoteIp}` → `{outcome}`: `confirm`, `accept`, `suspendedError`, or `codeWrong` with `attemptsLeft`. */
export async function verifyReservationCode({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const q = smsCodeOf(fields(params));
  if (!q) return invalid({ code: 'codeInvalid' });
  return tableVerifyCode(db, venue, { ...q, clientAddress: params.get('remoteIp') || undefined }, linkHost);
}

/** `reservation/resendcode` `{hash}` → `{expiresAt}`, or `resendTooSoon` / `resendLimit` (429). */
export const resendReservationCode = ({ db, venue, params }: CallContext): Promise<Envelope> => tableResendCode(db, venue, params.get('hash') ?? '');

/** `reservation/codestatus` `{hash}`: the SMS step's state (status, phone ending, expiry, attempts left). */
export const reservationCodeStatus = ({ db, venue, params }: CallContext): Promise<Envelope> => tableCodeStatus(db, venue, params.get('hash') ?? '');

/** `reservation/get` `{hash}`: the booking, for its edit and cancel pages. */
export const getReservation = ({ db, venue, params }: CallContext): Promise<Envelope> => tableBooking(db, venue, params.get('hash') ?? '');

/** `reservation/edit` `{hash, ...the create fields}` → `{outcome: 'changed'}` or a `reserveEdit*Error`. */
export async function editTableReservation({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const q = reservationSchema.safeParse(fields(params));
  if (!q.success) return invalid(fieldErrors(q.error));
  return tableEdit(db, venue, params.get('hash') ?? '', q.data, linkHost);
}

/** `reservation/cancel` `{hash}` → `{outcome: 'cancelled', feeCents}`. */
export const cancelTableReservation = ({ db, venue, params, linkHost }: CallContext): Promise<Envelope> => tableCancel(db, venue, params.get('hash') ?? '', linkHost);
