import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/server/backend';
import type { ActionResult } from '@/lib/backend/client';
import { toLocale } from '@/lib/i18n/locales';
import { browserSource } from '@/lib/booking/source';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { clientIp } from '@/server/booking/http';
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

/** `GET /api/experience/days?experienceId&year&month&pax`. */
export const handleDays = async (request: NextRequest) => answer(await backend(request).experience('availabledays', strings(query(request), ['experienceId', 'year', 'month', 'pax'])));

/** `GET /api/experience/times?experienceId&day&pax`. */
export const handleTimes = async (request: NextRequest) => {
  const q = query(request);
  return answer(await backend(request).experience('getavailabletimes', { ...strings(q, ['experienceId', 'day', 'pax']), language: toLocale(q.language ?? null) }));
};

/** `GET /api/experience/fields?experienceId&zoneID`. */
export const handleFields = async (request: NextRequest) => answer(await backend(request).experience('getadditionalfields', strings(query(request), ['experienceId', 'zoneID'])));

/** `POST /api/experience/payment`: the guarantee and the deposit the booking asks for (`experience/startpayment`). */
export async function handlePayment(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  // A payment set-up costs a provider call (a Stripe intent), as the table booking's guarantee.
  const refused = await refuseOverLimit(request, 'guaranteeAddress');
  if (refused) return refused;
  return answer(await backend(request).experiencePayment('startpayment', strings(body, ['experienceId', 'day', 'time', 'pax', 'zone', 'email', 'language'])));
}

/** `POST /api/experience/deposit-card`: the local test provider's card form for a deposit. */
export async function handleDepositCard(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const refused = await refuseOverLimit(request, 'cardConfirmAddress');
  if (refused) return refused;
  return answer(await backend(request).experiencePayment('confirmlocaldeposit', strings(body, ['reference', 'clientSecret', 'cardNumber'])));
}

/**
 * `POST /api/experience`: `{payload, recaptchaV3Token?, recaptchaV2Token?}` → `createexperiencereserve`.
 * The server adds the language, the partner flag and the guest's address to the payload, and
 * sets `tokenVersion` from the tokens (spec section 7: `v2` when a v2 token is present).
 */
export async function handleCreate(request: NextRequest) {
  const body = await readJsonObject(request);
  const payload = body?.payload;
  if (!body || !payload || typeof payload !== 'object' || Array.isArray(payload)) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const p = payload as Record<string, unknown>;
  const refused = await refuseOverLimit(request, 'experienceCreate', { createEmail: typeof p.email === 'string' ? p.email : null });
  if (refused) return refused;
  const full = {
    ...p,
    language: toLocale(typeof p.language === 'string' ? p.language : null),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
    remoteIp: clientIp(request),
  };
  const tokens = strings(body, ['recaptchaV3Token', 'recaptchaV2Token', 'idempotencyKey']);
  return answer(
    await backend(request).experience('createexperiencereserve', {
      // One key per submit from the browser (a retry reuses it): a lost answer never books twice.
      ...(tokens.idempotencyKey ? { idempotencyKey: tokens.idempotencyKey } : {}),
      payload: JSON.stringify(full),
      recaptchaV3Token: tokens.recaptchaV3Token ?? '',
      recaptchaV2Token: tokens.recaptchaV2Token ?? '',
      tokenVersion: tokens.recaptchaV2Token ? 'v2' : 'v3',
      // A browser is the site or the widget's frame; never another door's tag (issue 46).
      source: browserSource(body.source),
    }),
  );
}

/** `POST /api/experience/booking/edit {hash, day, time, pax, zone}`: moves an experience booking (409 with a `reserveEdit*Error` when refused). */
export async function handleBookingEdit(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return actionAnswer(await backend(request).experience('editreserve', strings(body, ['hash', 'day', 'time', 'pax', 'zone'])), refusalStatus, 409);
}

/** `POST /api/experience/booking/cancel {hash}`. */
export async function handleBookingCancel(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return actionAnswer(await backend(request).experience('cancelreserve', strings(body, ['hash'])), refusalStatus, 409);
}
