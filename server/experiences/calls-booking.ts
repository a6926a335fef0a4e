import 'server-only';
import { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { numericId } from '@/lib/forms/fields';
import {
  experienceBookingSchema,
  experienceDaysQueryOf,
  experienceDaysQuerySchema,
  experienceFieldsQuerySchema,
  experiencePaymentSchema,
  experienceTimesQueryOf,
  experienceTimesQuerySchema,
} from '@/lib/forms/experience';
import { localCardSchema } from '@/lib/forms/reservation';
import { experienceBookingOf } from '@/lib/backend/experiences';
import { toLocale } from '@/lib/i18n/locales';
import { toBookingSource } from '@/lib/booking/source';
import { readTokens } from '@/lib/botcheck';
import { experienceConfirmLocalDeposit, experienceCreate, experienceDays, experienceFields, experienceOf, experienceRefusal, experienceStartPayment, experienceTimes } from '@/server/experiences/core';
import type { CallContext, Envelope } from '@/server/backend/call';
import { experienceByHash, experienceToContract } from './list';
import { fields, invalid, refusing } from '../backend/answers';
import { claimOf, idempotent } from '../backend/idempotency';

/**
 * The experience booking calls of spec section 7 (docs/backend-contract.md, "Experience
 * bookings"): the wire read, then the core (server/experiences/core.ts). Bad input is a 400
 * with message keys under `experiences.errors`.
 */
const guarded = (run: () => Promise<Envelope>) => refusing(run, experienceRefusal);

const id = numericId();

const experienceFrom = (ctx: CallContext, experienceId: number) => experienceOf(ctx.db, ctx.venue, experienceId);

/** `getsingleexperience {experienceId}` → `data.experience` (null for an unknown id: 404 `notFound`). */
export function getSingleExperience(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = z.object({ experienceId: id }).safeParse(fields(ctx.params));
    if (!q.success) return invalid(fieldErrors(q.error));
    const e = await experienceFrom(ctx, q.data.experienceId);
    return { status: true, data: { experience: await experienceToContract(ctx, e) } };
  });
}

/** `getsingleexperiencebyhash {experienceHash}` → `data.experience`: the wire read, then the core (`experienceByHash`). */
export function getSingleExperienceByHash(ctx: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const answer = await experienceByHash(ctx.db, ctx.venue, ctx.params.get('experienceHash') ?? '');
    return answer.status ? { status: true, data: { experience: answer.data } } : answer;
  });
}

/** `availabledays {month, year, pax, experienceId}` → `data: [{date, state, posti}]`. */
export function getAvailableDays(ctx: CallContext): Promise<Envelope> {
  const q = experienceDaysQuerySchema.safeParse(fields(ctx.params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return experienceDays(ctx.db, ctx.venue, experienceDaysQueryOf(q.data));
}

/** `getavailabletimes {experienceId, day, pax, language}` → `data: [{time, available, posti}]`. */
export function getAvailableTimes(ctx: CallContext): Promise<Envelope> {
  const q = experienceTimesQuerySchema.safeParse(fields(ctx.params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return experienceTimes(ctx.db, ctx.venue, experienceTimesQueryOf(q.data));
}

/** `getadditionalfields {zoneID, experienceId}` → `data: [{key, etichetta, obbligatorio}]`. */
export async function getAdditionalFields(ctx: CallContext): Promise<Envelope> {
  const q = experienceFieldsQuerySchema.safeParse(fields(ctx.params));
  if (!q.success) return invalid(fieldErrors(q.error));
  const answer = await experienceFields(ctx.db, ctx.venue, { experienceId: q.data.experienceId, zone: q.data.zoneID });
  return answer.status ? { status: true, data: answer.data.map((f) => ({ key: f.key, etichetta: f.label, obbligatorio: f.required ? 1 : 0 })) } : answer;
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
    return idempotent(ctx.db, claimOf(ctx.venue.id, 'experience/createexperiencereserve', ctx.params, input), (keeper) =>
      experienceCreate(ctx.db, ctx.venue, experienceBookingOf(q.data), {
        locale: toLocale(q.data.language ?? null),
        partner: q.data.partner,
        source: toBookingSource(ctx.params.get('source')),
        bot: readTokens(ctx.params),
        clientAddress: q.data.remoteIp || undefined,
        linkHost: ctx.linkHost,
        keep: keeper.keep,
        keepWrite: keeper.keepWrite,
      }),
    );
  });
}

/**
 * `experience/startpayment {experienceId, day, time, pax, zone, email, language}` (*addition*): what the
 * booking asks for before it is sent: `guarantee` (the card guarantee's terms and a card
 * setup, as `reservation/guarantee`) and `deposit` (`{amountCents, currency, payment,
 * reference, clientSecret}`, a PaymentIntent for the deposit or prepayment), each or null.
 */
export function startExperiencePayment(ctx: CallContext): Promise<Envelope> {
  const q = experiencePaymentSchema.safeParse(fields(ctx.params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return experienceStartPayment(ctx.db, ctx.venue, q.data);
}

/** `payment/confirmlocaldeposit {reference, clientSecret, cardNumber}` (*addition*): the local provider's card form for a deposit. */
export function confirmLocalDepositCall(ctx: CallContext): Promise<Envelope> {
  const q = localCardSchema.safeParse(fields(ctx.params));
  if (!q.success) return Promise.resolve(invalid(fieldErrors(q.error)));
  return experienceConfirmLocalDeposit(ctx.db, q.data);
}
