import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/server/backend';
import { UNAVAILABLE } from '@/lib/backend/client';
import { fieldErrors } from '@/lib/forms/fields';
import { promoRequestSchema } from '@/lib/forms/promo';
import { toLocale } from '@/lib/i18n/locales';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { clientIp } from '@/server/booking/http';
import { refuseOverLimit } from '@/server/limits';
import { now } from '@/server/clock';
import { requestStaffSession } from '@/server/staff/http';
import { isRedeemSignature } from './staff';
import { noStoreJson as json, readJsonObject } from '@/server/http';



const venueOf = (request: NextRequest) => venueKeyForHost(request.headers.get('host'));
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The live answer is shared by the requests of one second: a burst of visitors costs one backend call a second per promotion. */
const MICROCACHE_MS = 1000;
const live = new Map<string, { at: number; answer: Promise<Response | { status: number; body: unknown }> }>();
const liveKey = (venueKey: string, urlName: string) => `${venueKey}\u0000${urlName}`;

/**
 * `GET /api/promo/status?urlName=`: the live part of the cached promotion page: its state,
 * the remaining count, and the server's time for the countdown.
 */
export async function handleStatus(request: NextRequest): Promise<Response> {
  const urlName = request.nextUrl.searchParams.get('urlName') ?? '';
  if (!urlName || urlName.length > 120) return json({ error: 'notFound' }, 404);
  const key = liveKey(venueOf(request), urlName);
  const at = performance.now();
  let entry = live.get(key);
  if (!entry || at - entry.at > MICROCACHE_MS) {
    entry = {
      at,
      answer: backendFor(venueOf(request))
        .promotions.get(urlName)
        .then((loaded) => {
          if (loaded.status === 'ok') {
            const { state, remaining, count, startsAt, endsAt } = loaded.data;
            return { status: 200, body: { state, remaining, count, startsAt, endsAt } };
          }
          return loaded.status === 'failed' ? { status: 503, body: { error: UNAVAILABLE } } : { status: 404, body: { error: 'notFound' } };
        }),
    };
    live.set(key, entry);
    if (live.size > 1000) live.delete(live.keys().next().value!);
  }
  const answer = (await entry.answer) as { status: number; body: Record<string, unknown> };
  return json({ ...answer.body, serverTime: now().toISOString() }, answer.status);
}

/**
 * `POST /api/promo/request`: the "Download the promo" form. The schema of the form checks
 * the input again, then the backend issues the code (or refuses). Answers
 * `{outcome: 'confirm', id}`, `{outcome: 'duplicate' | 'disabled' | 'error'}`, `{state}`
 * when the promotion is no longer (or not yet) open, 400 with field errors, 429, or 503.
 */
export async function handleRequest(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const urlName = text(body.urlName);
  const parsed = promoRequestSchema.safeParse(body);
  if (!parsed.success || !urlName) return json({ error: 'invalid', fieldErrors: parsed.success ? {} : fieldErrors(parsed.error) }, 400);
  const v = parsed.data;
  const refused = await refuseOverLimit(request, 'promoRequest', { promoRequestEmail: v.email });
  if (refused) return refused;
  const result = await backendFor(venueOf(request)).promotions.request({
    urlName,
    guest: v,
    locale: toLocale(text(body.language)),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
    clientAddress: clientIp(request),
  });
  // A code was issued or refused for a state: what this process shares as the live state may be older.
  live.delete(liveKey(venueOf(request), urlName));
  if (result.status) return json({ outcome: 'confirm', id: result.data.id }, 200);
  switch (result.error) {
    case 'invalid':
      return json({ error: 'invalid', fieldErrors: result.fieldErrors }, 400);
    case UNAVAILABLE:
      return json({ error: UNAVAILABLE }, 503);
    case 'rateLimited':
      return json({ error: 'rateLimited' }, 429);
    case 'duplicate':
      return json({ outcome: 'duplicate' }, 409);
    case 'disabled':
      return json({ outcome: 'disabled' }, 403);
    case 'inactive':
    case 'terminated':
    case 'expired':
      return json({ state: result.error }, 409);
    default:
      return json({ outcome: 'error' }, result.error === 'notFound' ? 404 : 503);
  }
}

/**
 * `POST /api/promo/redeem {id, s}`: marks a code used, for signed-in staff holding a link
 * the site signed. 200 `{result: 'used', usedAt}`; 409 `{result: 'alreadyUsed', usedAt}`
 * with the first use's time, or `{result: 'expired'}`; 401 without a live staff session; 403 bad link.
 */
export async function handleRedeem(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  const venueKey = venueOf(request);
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const id = text(body?.id);
  if (!id || !isRedeemSignature(venueKey, id, text(body?.s))) return json({ error: 'badLink' }, 403);
  const result = await backendFor(venueKey).promotions.redeem({ id });
  if (result.status) return json({ result: result.data.result, usedAt: result.data.code.usedAt }, result.data.result === 'used' ? 200 : 409);
  if (result.error === UNAVAILABLE) return json({ error: UNAVAILABLE }, 503);
  if (result.error === 'expired') return json({ result: 'expired' }, 409);
  return json({ error: result.error }, result.error === 'notFound' ? 404 : 503);
}

/**
 * `POST /api/promo/resend {urlName, email, language}`: "send my code again" after a
 * `duplicate` answer, counted against the same limits as a request (per address, per e-mail).
 */
export async function handleResend(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  const urlName = text(body?.urlName);
  const email = text(body?.email).trim();
  if (!body || !urlName || !email) return json({ error: 'invalid', fieldErrors: email ? {} : { email: 'emailRequired' } }, 400);
  const refused = await refuseOverLimit(request, 'promoRequest', { promoRequestEmail: email });
  if (refused) return refused;
  const result = await backendFor(venueOf(request)).promotions.resend({ urlName, email, locale: toLocale(text(body.language)) });
  if (result.status) return json({ sent: true }, 200);
  if (result.error === 'invalid') return json({ error: 'invalid', fieldErrors: result.fieldErrors }, 400);
  return json({ error: result.error === UNAVAILABLE ? UNAVAILABLE : 'generic' }, 503);
}
