import 'server-only';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { calendarDate, numericId, queryInt } from '@/lib/forms/fields';
import { MAX_PARTY } from '@/lib/params';
import { experienceBookingSchema, experienceChoiceSchema } from '@/lib/forms/experience';
import { toLocale } from '@/lib/i18n/locales';
import { toBookingSource } from '@/lib/booking/source';
import { botVerifier, readTokens } from '@/lib/botcheck';
import { log } from '@/lib/log';
import { BookingError } from '@/server/booking/errors';
import { totalFeeCents } from '@/server/booking/guarantee';
import { guaranteeProvider, startCardSetup } from '@/server/payments';
import { confirmLocalDeposit, depositProvider, startDeposit } from '@/server/payments/deposit';
import { additionalFields, availableDays, availableTimes, checkExperienceChoice, clockFor, createExperienceBooking, findExperience, rulesOf } from '@/server/experiences/service';
import { amountDueCents, experienceGuarantee } from '@/server/experiences/rules';
import type { CallContext, Envelope } from '@/server/backend/call';
import { experienceToContract } from './calls';
import { fields, invalid, notFound, refusing } from '../backend/answers';
import { claimOf, idempotent } from '../backend/idempotency';
import { countRefusal } from '@/server/observability/observe';

/**
 * The experience booking calls of spec section 7 (docs/backend-contract.md, "Experience
 * bookings"). Bad input is a 400 with message keys under `experiences.errors`.
 */
function experienceRefusal(error: unknown): Envelope | undefined {
  if (!(error instanceof BookingError)) return undefined;
  log.info('experience_refused', { code: error.code });
  countRefusal('experience', error.code);
  const extra = (error as BookingError & { fieldErrors?: Record<string, string> }).fieldErrors;
  if (error.code === 'notFound') return notFound;
  return invalid(extra ?? (error.field ? { [error.field]: error.code } : {}), error.code);
}
const guarded = (run: () => Promise<Envelope>) => refusing(run, experienceRefusal);

const id = numericId();
const pax = queryInt(1, MAX_PARTY);

async function experienceFrom(ctx: CallContext, experienceId: number) {
  const e = await findExperience(ctx.db, ctx.venue, { id: experienceId });
  if (!e) throw new BookingError('notFound', 'experienceId');
  return e;
}

/** `getsingleexperience {experienceId}` → `data.experience` (null for an unknown id: 404 `notFound`). */
export function getSingleExperience(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ experienceId: id }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    return { status: true, data: { experience: await experienceToContract(ctx, e) } };
  });
}

/** `getsingleexperiencebyhash {experienceHash}` → `data.experience`. */
export function getSingleExperienceByHash(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const hash = ctx.params.get('experienceHash') ?? '';
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(hash)) return invalid({ experienceHash: 'invalid' });
    const e = await findExperience(ctx.db, ctx.venue, { hash });
    if (!e) return notFound;
    return { status: true, data: { experience: await experienceToContract(ctx, e) } };
  });
}

/** `availabledays {month, year, pax, experienceId}` → `data: [{date, state, posti}]`. */
export function getAvailableDays(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ month: queryInt(1, 12), year: queryInt(2000, 2100), pax, experienceId: id }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    return { status: true, data: await availableDays(ctx.db, ctx.venue, e, q.data) };
  });
}

/** `getavailabletimes {experienceId, day, pax, language}` → `data: [{time, available, posti}]`. */
export function getAvailableTimes(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ experienceId: id, day: calendarDate('dateInvalid'), pax }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    return { status: true, data: await availableTimes(ctx.db, ctx.venue, e, q.data) };
  });
}

/** `getadditionalfields {zoneID, experienceId}` → `data: [{key, etichetta, obbligatorio}]`. */
export function getAdditionalFields(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ experienceId: id, zoneID: z.string().max(60).optional().default('') }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    return { status: true, data: await additionalFields(ctx.db, ctx.venue, e, q.data.zoneID) };
  });
}

/**
 * `createexperiencereserve {payload, recaptchaV3Token, recaptchaV2Token, tokenVersion}`:
 * `payload` is the booking as JSON (lib/forms/experience.ts). The bot check reads the v2
 * token when present (spec section 7), else the v3 one; `unsure` asks for the challenge.
 */
export function createExperienceReserve(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    let raw: unknown;
    try {
      raw = JSON.parse(ctx.params.get('payload') ?? '');
    } catch {
      return invalid({ payload: 'invalid' });
    }
    const q = experienceBookingSchema.safeParse(raw);
    if (!q.success) return invalid(fieldErrors(q.error));
    // The key is a field of the call (beside the payload); the payload is what must not change.
    const input = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    return idempotent(ctx.db, claimOf(ctx.venue.id, 'experience/createexperiencereserve', ctx.params, input), async (keeper) => {
      const { version, token } = readTokens(ctx.params);
      const verdict = await botVerifier().verify(token, version, { action: 'reserve', remoteIp: q.data.remoteIp || undefined });
      if (verdict === 'unsure' && version === 'v3') return { httpStatus: 409, status: false, error: 'botcheckUnsure' };
      if (verdict !== 'pass') {
        log.warn('botcheck_refused', { venueId: ctx.venue.id, version, verdict });
        return { httpStatus: 403, status: false, error: 'botcheckFailed' };
      }
      const result = await createExperienceBooking(ctx.db, ctx.venue, q.data, { host: ctx.linkHost, locale: toLocale(q.data.language ?? null), partner: q.data.partner, source: toBookingSource(ctx.params.get('source')), keep: keeper.keep, keepWrite: keeper.keepWrite });
      return { status: true, data: result };
    });
  });
}

/**
 * `experience/startpayment {experienceId, day, time, pax, zone, email, language}` (*addition*): what the
 * booking asks for before it is sent: `guarantee` (the card guarantee's terms and a card
 * setup, as `reservation/guarantee`) and `deposit` (`{amountCents, currency, payment,
 * reference, clientSecret}`, a PaymentIntent for the deposit or prepayment), each or null.
 */
export function startExperiencePayment(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = experienceChoiceSchema.extend({ email: z.string().max(200).optional().default(''), language: z.string().max(10).optional() }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    const rules = rulesOf(ctx.venue);
    checkExperienceChoice(e, ctx.venue, rules, q.data, clockFor(ctx.venue, rules));
    const metadata = { experience: e.hash, date: q.data.day, time: q.data.time, pax: String(q.data.pax) };
    const description = `${ctx.venue.name} ${e.key} ${q.data.day} ${q.data.time} (${q.data.pax})`;
    const terms = experienceGuarantee(e, ctx.venue.currency);
    let guarantee: unknown = null;
    if (terms) {
      const payment = guaranteeProvider().publicConfig();
      const totalCents = totalFeeCents(terms, q.data.pax);
      const base = { required: true, terms: { ...terms, totalCents }, payment };
      guarantee = payment.kind === 'stripe' && !payment.publishableKey ? base : { ...base, ...(await startCardSetup(ctx.db, ctx.venue, { amountCents: totalCents, currency: ctx.venue.currency, email: q.data.email, description, metadata })) };
    }
    const due = amountDueCents(e, q.data.pax);
    let deposit: unknown = null;
    if (due > 0) {
      const payment = depositProvider().publicConfig();
      const base = { amountCents: due, currency: ctx.venue.currency, kind: e.purchaseType === 2 ? 'prepayment' : 'deposit', payment };
      deposit = payment.kind === 'stripe' && !payment.publishableKey ? base : { ...base, ...(await startDeposit(ctx.db, ctx.venue, { amountCents: due, currency: ctx.venue.currency, email: q.data.email, description, metadata, locale: toLocale(q.data.language ?? null) })) };
    }
    return { status: true, data: { guarantee, deposit } };
  });
}

/** `payment/confirmlocaldeposit {reference, clientSecret, cardNumber}` (*addition*): the local provider's card form for a deposit. */
export function confirmLocalDepositCall(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ reference: z.string().max(100), clientSecret: z.string().max(200), cardNumber: z.string().max(40) }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    if (depositProvider().kind !== 'local') return { httpStatus: 404, status: false, error: 'paymentNotFound' };
    const result = await confirmLocalDeposit(ctx.db, q.data.reference, q.data.clientSecret, q.data.cardNumber);
    if (!result) return { httpStatus: 404, status: false, error: 'paymentNotFound' };
    if (result.status === 'succeeded') return { status: true, data: { status: 'succeeded' } };
    return { httpStatus: 402, status: false, error: result.lastError === 'processing_error' ? 'paymentFailed' : result.lastError === 'incorrect_number' ? 'cardInvalid' : 'declined' };
  });
}
