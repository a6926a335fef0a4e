import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/lib/backend';
import type { ActionResult } from '@/lib/backend/client';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { giftcardCheckoutFields, giftcardCheckoutSchema } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fidelity';
import { clientIp } from '@/server/booking/http';
import { refuseOverLimit } from '@/server/limits';
import { giftcardSession } from './session';
import { actionAnswer, noStoreJson as json, readJsonObject } from '@/server/http';

const backend = (request: Request) => backendFor(venueKeyForHost(request.headers.get('host')));

const refusalStatus: Record<string, number> = { notAvailable: 409, paymentNotFound: 404, notFound: 404, tooMany: 429, publicKeyMissing: 503, paymentInit: 502 };

const answer = (result: ActionResult) => actionAnswer(result, refusalStatus, 409);


/** The form's fields as strings; anything else in the body is dropped. */
function formOf(body: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of giftcardCheckoutFields) {
    const v = body[name];
    if (typeof v === 'boolean') out[name] = v ? '1' : '0';
    else if (typeof v === 'string' || typeof v === 'number') out[name] = String(v).slice(0, 600);
  }
  return out;
}

/** The public address of the site in the guest's language, for the provider's return links. */
function siteBase(request: NextRequest, locale: string): string {
  const url = new URL(request.url);
  const host = request.headers.get('host') ?? url.host;
  const proto = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || url.protocol.replace(':', '');
  const prefix = localizedPath(toLocale(locale), '/');
  return `${proto}://${host}${prefix === '/' ? '' : prefix}`;
}

/**
 * `POST /api/giftcard/checkout`: keeps what was typed in the encrypted session (a cancelled
 * payment comes back to it), then asks the backend to open the payment. `{data: {fingerprint,
 * provider}}`, or 400 with message keys under `giftcards.errors`.
 */
export async function handleGiftcardCheckout(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const form = formOf(body);
  const language = toLocale(typeof body.language === 'string' ? body.language : null);
  const session = await giftcardSession();
  const { privacy: _privacy, ...kept } = form;
  void _privacy;
  session.form = kept;
  await session.save();
  // The backend checks again; here bad input costs nothing, and each valid checkout (a payment session) counts per address.
  const parsed = giftcardCheckoutSchema.safeParse(form);
  if (!parsed.success) return json({ error: 'invalid', fieldErrors: fieldErrors(parsed.error) }, 400);
  const refused = await refuseOverLimit(request, 'giftcardCheckout');
  if (refused) return refused;
  const result = await backend(request).giftcard('checkout', {
    ...form,
    language,
    siteBase: siteBase(request, language),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value) ? '1' : '0',
    remoteIp: clientIp(request),
  });
  if (result.status) {
    session.fingerprint = result.data.fingerprint;
    await session.save();
    return json({ data: { fingerprint: result.data.fingerprint, provider: result.data.provider } }, 200);
  }
  return answer(result);
}

/** `POST /api/giftcard/create` `{fingerprint}`: the payment checked with the provider; `{data: {status}}`. */
export async function handleGiftcardCreate(request: NextRequest) {
  const body = await readJsonObject(request);
  const fingerprint = typeof body?.fingerprint === 'string' ? body.fingerprint.slice(0, 64) : '';
  if (!fingerprint) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const result = await backend(request).giftcard('create', { fingerprint });
  if (result.status && result.data.status === 'paid') {
    // Bought: the next checkout starts empty.
    const session = await giftcardSession();
    if (session.form) {
      delete session.form;
      await session.save();
    }
  }
  return answer(result);
}

/** `POST /api/giftcard/balance` `{code}`: a card's balance; 404 unknown, 429 after too many tries from one address. */
export async function handleGiftcardBalance(request: NextRequest) {
  const body = await readJsonObject(request);
  const code = typeof body?.code === 'string' ? body.code.slice(0, 40) : '';
  if (!code.trim()) return json({ error: 'invalid', fieldErrors: { code: 'required' } }, 400);
  const result = await backend(request).giftcard('balance', { code, remoteIp: clientIp(request) });
  if (!result.status && result.error === 'notFound') return json({ error: 'notFound', fieldErrors: { code: 'codeNotFound' } }, 404);
  return answer(result);
}

/**
 * `POST /api/giftcard/start` (the details page's "Buy", a plain form): the card and quantity
 * go into the encrypted session, not the URL, and the guest goes on to the checkout (303).
 */
export async function handleGiftcardStart(request: NextRequest) {
  const form = await request.formData().catch(() => null);
  const id = String(form?.get('id') ?? '').slice(0, 64);
  const quantity = String(form?.get('quantity') ?? '1').trim();
  const locale = toLocale(String(form?.get('language') ?? ''));
  const session = await giftcardSession();
  session.form = { ...session.form, id, quantity: /^\d{1,3}$/.test(quantity) ? quantity : '1' };
  await session.save();
  const target = localizedPath(locale, `/frontpage/giftcard/checkout/${encodeURIComponent(id)}`);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'no-store' } });
}
