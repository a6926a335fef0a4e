import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/server/backend';
import type { ActionResult } from '@/lib/backend/client';
import {
  experienceDaysQueryOf,
  experienceDaysQuerySchema,
  experienceFieldsQuerySchema,
  experienceMoveSchema,
  experiencePaymentSchema,
  experienceTimesQueryOf,
  experienceTimesQuerySchema,
} from '@/lib/forms/experience';
import { localCardSchema } from '@/lib/forms/reservation';
import { toLocale } from '@/lib/i18n/locales';
import { venueKeyForHost } from '@/lib/venue/host';
import { browserSubmit, typed } from '@/server/booking/http';
import { refuseOverLimit } from '@/server/limits';
import { actionAnswer, noStoreJson as json, readJsonObject } from '@/server/http';

/**
 * The browser's `/api/experience/*` calls (components/reservation/api.ts), each one contract
 * call of the venue's backend. Answers: `{data}`, 400 with message keys, 404, 402 (payment),
 * 403/409 (bot check), 503 `unavailable`.
 */
const backend = (request: Request) => backendFor(venueKeyForHost(request.headers.get('host')));
const query = (request: NextRequest) => Object.fromEntries(request.nextUrl.searchParams.entries());

const refusalStatus: Record<string, number> = { botcheckFailed: 403, botcheckUnsure: 409, notFound: 404, paymentNotFound: 404, declined: 402, cardInvalid: 402, paymentFailed: 402 };

const answer = (result: ActionResult) => actionAnswer(result, refusalStatus, 400);


const strings = (values: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => typeof values[k] === 'string' || typeof values[k] === 'number').map((k) => [k, String(values[k])]));

/** `GET /api/experience/days?experienceId&year&month&pax`: the experience door's `days`. */
export const handleDays = async (request: NextRequest) =>
  answer(await typed(experienceDaysQuerySchema, query(request), (q) => backend(request).experiences.days(experienceDaysQueryOf(q))));

/** `GET /api/experience/times?experienceId&day&pax&language`: the experience door's `times`. */
export const handleTimes = async (request: NextRequest) => {
  const q = query(request);
  return answer(await typed(experienceTimesQuerySchema, q, (t) => backend(request).experiences.times({ ...experienceTimesQueryOf(t), language: toLocale(q.language ?? null) })));
};

/** `GET /api/experience/fields?experienceId&zoneID`: the experience door's `fields`. */
export const handleFields = async (request: NextRequest) =>
  answer(await typed(experienceFieldsQuerySchema, query(request), (q) => backend(request).experiences.fields({ experienceId: q.experienceId, zone: q.zoneID })));

/** `POST /api/experience/payment`: the guarantee and the deposit the booking asks for (`experience/startpayment`). */
export async function handlePayment(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  // A payment set-up costs a provider call (a Stripe intent), as the table booking's guarantee.
  const refused = await refuseOverLimit(request, 'guaranteeAddress');
  if (refused) return refused;
  return answer(await typed(experiencePaymentSchema, strings(body, ['experienceId', 'day', 'time', 'pax', 'zone', 'email', 'language']), (p) => backend(request).experiences.startPayment(p)));
}

/** `POST /api/experience/deposit-card`: the local test provider's card form for a deposit. */
export async function handleDepositCard(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const refused = await refuseOverLimit(request, 'cardConfirmAddress');
  if (refused) return refused;
  return answer(await typed(localCardSchema, strings(body, ['reference', 'clientSecret', 'cardNumber']), (card) => backend(request).experiences.confirmLocalDeposit(card)));
}

/**
 * `POST /api/experience`: `{payload, recaptchaV3Token?, recaptchaV2Token?}` → the experience door's `create`.
 * The server adds the language, the partner flag and the guest's address to the payload; the
 * bot check reads the v2 token when present (spec section 7).
 */
export async function handleCreate(request: NextRequest) {
  const body = await readJsonObject(request);
  const payload = body?.payload;
  if (!body || !payload || typeof payload !== 'object' || Array.isArray(payload)) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const p = payload as Record<string, unknown>;
  const refused = await refuseOverLimit(request, 'experienceCreate', { createEmail: typeof p.email === 'string' ? p.email : null });
  if (refused) return refused;
  const tokens = strings(body, ['recaptchaV3Token', 'recaptchaV2Token', 'idempotencyKey']);
  return answer(
    await backend(request).experiences.create(p, {
      ...browserSubmit(request, p.language, body.source),
      tokens: { recaptchaV3Token: tokens.recaptchaV3Token, recaptchaV2Token: tokens.recaptchaV2Token },
      // One key per submit from the browser (a retry reuses it): a lost answer never books twice.
      idempotencyKey: tokens.idempotencyKey,
    }),
  );
}

/** `POST /api/experience/booking/edit {hash, day, time, pax, zone}`: moves an experience booking (409 with a `reserveEdit*Error` when refused). */
export async function handleBookingEdit(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const result = await typed(experienceMoveSchema, strings(body, ['hash', 'day', 'time', 'pax', 'zone']), ({ hash, ...change }) => backend(request).experiences.edit(hash, change));
  return actionAnswer(result, refusalStatus, 409);
}

/** `POST /api/experience/booking/cancel {hash}`. */
export async function handleBookingCancel(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return actionAnswer(await backend(request).experiences.cancel(strings(body, ['hash']).hash ?? ''), refusalStatus, 409);
}
