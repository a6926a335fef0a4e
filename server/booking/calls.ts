import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { dayQuerySchema, monthQuerySchema, reservationChoiceSchema, reservationSchema } from '@/lib/forms/reservation';
import { toLocale } from '@/lib/i18n/locales';
import { toBookingSource } from '@/lib/booking/source';
import { BookingError, createReservation, getDay, getMonth, loadBookingVenue, checkChoice, requireModule } from '@/server/booking/service';
import { holdSlot, releaseHold } from '@/server/booking/holds';
import { cancelReservation, editReservation, findReservation, reservationView } from '@/server/booking/changes';
import { guaranteeTerms, totalFeeCents } from '@/server/booking/guarantee';
import { codeStatus, resendCode, verifyCode } from '@/server/booking/sms';
import { guaranteeProvider, localPayments, applyPaymentEvent, startCardSetup } from '@/server/payments';
import { botVerifier, readTokens } from '@/lib/botcheck';
import { log } from '@/lib/log';
import { RATE_LIMITED, RateLimitedError } from '@/server/limits/config';
import type { CallContext, Envelope } from '@/server/backend/call';
import { now as clockNow } from '@/server/clock';
import { fields, invalid, refusing } from '../backend/answers';
import { claimOf, idempotent } from '../backend/idempotency';
import { countRefusal } from '@/server/observability/observe';

/** Bad input, in any call, is a 400 with a message key; never a 500. */
function bookingRefusal(error: unknown): Envelope | undefined {
  if (error instanceof BookingError) {
    log.info('reservation_refused', { code: error.code });
    countRefusal('table', error.code);
    return invalid(error.field ? { [error.field]: error.code } : {}, error.code);
  }
  if (error instanceof RateLimitedError) {
    log.warn('rate_limited', { limit: error.limit });
    countRefusal('table', RATE_LIMITED);
    return { httpStatus: 429, status: false, error: RATE_LIMITED, data: { limit: error.limit, retryAfter: error.retryAfterSeconds } };
  }
  return undefined;
}
const guarded = (run: () => Promise<Envelope>) => refusing(run, bookingRefusal);

const hashField = z.string().max(64).optional();
const monthQuery = monthQuerySchema.extend({ reservemodule: z.string().optional(), hash: hashField });
const dayQuery = dayQuerySchema.extend({ reservemodule: z.string().optional(), hash: hashField });

/** The reservation being edited (its own seats do not count against the new choice). */
async function editing({ db, venue }: CallContext, hash: string | undefined) {
  if (!hash) return undefined;
  const r = await findReservation(db, venue, hash);
  if (!r) throw new BookingError('notFound', 'hash');
  return r.id;
}

/** `reservation/getmonth` `{year, month, pax, reservemodule?}` → `[{date, state}]`. */
export function getReservationMonth({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = monthQuery.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return { status: true, data: await getMonth(db, venue, { ...q.data, module: q.data.reservemodule || undefined, editing: await editing({ db, venue, params } as CallContext, q.data.hash) }) };
  });
}

/** `reservation/getday` `{day, pax, reservemodule?}` → `{date, state, condition?, waitingList, slots}`. */
export function getReservationDay({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = dayQuery.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    return { status: true, data: await getDay(db, venue, { date: q.data.day, pax: q.data.pax, module: q.data.reservemodule || undefined, editing: await editing({ db, venue, params } as CallContext, q.data.hash) }) };
  });
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
      editing: await editing({ db, venue, params } as CallContext, params.get('hash') || undefined),
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

const codeInput = z.object({ hash: z.string().max(64), code: z.string().max(20) });

/** `reservation/verifycode` `{hash, code, remoteIp}` → `{outcome}`: `confirm`, `accept`, `suspendedError`, or `codeWrong` with `attemptsLeft`. */
export function verifyReservationCode({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = codeInput.safeParse(fields(params));
    if (!q.success || !/^\d{6}$/.test(q.data.code.trim())) return invalid({ code: 'codeInvalid' });
    const result = await verifyCode(db, venue, { hash: q.data.hash, code: q.data.code.trim(), ip: params.get('remoteIp') || 'unknown', host: linkHost });
    if ('outcome' in result) return { status: true, data: result };
    if (result.error === 'notFound') return { httpStatus: 404, status: false, error: 'notFound' };
    if (result.error === 'tooManyAttempts') return { httpStatus: 429, status: false, error: 'tooManyAttempts' };
    return { status: true, data: { outcome: 'codeWrong', attemptsLeft: 'attemptsLeft' in result ? result.attemptsLeft : 0 } };
  });
}

/** `reservation/resendcode` `{hash}` → `{expiresAt}`, or `resendTooSoon` / `resendLimit` (429). */
export async function resendReservationCode({ db, venue, params }: CallContext): Promise<Envelope> {
  const result = await resendCode(db, venue, params.get('hash') ?? '');
  if ('expiresAt' in result) return { status: true, data: { expiresAt: result.expiresAt.toISOString() } };
  if (result.error === 'notFound') return { httpStatus: 404, status: false, error: 'notFound' };
  return { httpStatus: result.error === 'notSuspended' ? 409 : 429, status: false, error: result.error };
}

/** `reservation/codestatus` `{hash}`: the SMS step's state (status, phone ending, expiry, attempts left). */
export async function reservationCodeStatus({ db, venue, params }: CallContext): Promise<Envelope> {
  const status = await codeStatus(db, venue, params.get('hash') ?? '');
  return status ? { status: true, data: status } : { httpStatus: 404, status: false, error: 'notFound' };
}

/** `reservation/get` `{hash}`: the booking, for its edit and cancel pages. */
export async function getReservation({ db, venue, params }: CallContext): Promise<Envelope> {
  const view = await reservationView(db, venue, params.get('hash') ?? '');
  return view ? { status: true, data: view } : { httpStatus: 404, status: false, error: 'notFound' };
}

/** `reservation/edit` `{hash, ...the create fields}` → `{outcome: 'changed'}` or a `reserveEdit*Error`. */
export function editTableReservation({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = reservationSchema.safeParse(fields(params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const result = await editReservation(db, venue, params.get('hash') ?? '', q.data, { host: linkHost });
    if (result.outcome === 'changed') return { status: true, data: result };
    return { httpStatus: result.outcome === 'notFound' ? 404 : 409, status: false, error: result.outcome };
  });
}

/** `reservation/cancel` `{hash}` → `{outcome: 'cancelled', feeCents}`. */
export async function cancelTableReservation({ db, venue, params, linkHost }: CallContext): Promise<Envelope> {
  const result = await cancelReservation(db, venue, params.get('hash') ?? '', { host: linkHost });
  if (result.outcome === 'cancelled') return { status: true, data: result };
  return { httpStatus: result.outcome === 'notFound' ? 404 : 409, status: false, error: result.outcome };
}
