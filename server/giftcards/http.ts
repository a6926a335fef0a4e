import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/server/backend';
import type { ActionResult } from '@/lib/backend/client';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { venueOrigin } from '@/lib/venue/origin';
import { giftcardCheckoutFields, giftcardCheckoutSchema } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fields';
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

/**
 * The public address of the venue's site in the guest's language, for the provider's return
 * links and the card e-mails: the venue's one origin (lib/venue/origin.ts), never the Host header.
 */
function siteBase(request: NextRequest, locale: string): string {
  const host = request.headers.get('host');
  const origin = venueOrigin(venueKeyForHost(host), host).origin;
  const prefix = localizedPath(toLocale(locale), '/');
  return `${origin}${prefix === '/' ? '' : prefix}`;
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
  // The backend checks again; here bad input costs nothing, and each valid checkout (a payment session) counts per address.
  const parsed = giftcardCheckoutSchema.safeParse(form);
  if (!parsed.success) return json({ error: 'invalid', fieldErrors: fieldErrors(parsed.error) }, 400);
  // Only a valid form is kept in the session (a cancelled payment comes back to it): nothing is written before that.
  const session = await giftcardSession();
  const { privacy: _privacy, ...kept } = form;
  void _privacy;
  session.form = kept;
  await session.save();
  const refused = await refuseOverLimit(request, 'giftcardCheckout');
  if (refused) return refused;
  const result = await backend(request).giftcards.checkout(form, {
    // One key per submit from the browser (a retry reuses it): a lost answer never opens a second order.
    idempotencyKey: typeof body.idempotencyKey === 'string' && body.idempotencyKey ? body.idempotencyKey.slice(0, 200) : undefined,
    locale: language,
    siteBase: siteBase(request, language),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
    clientAddress: clientIp(request),
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
  const result = await backend(request).giftcards.confirm(fingerprint);
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
  const result = await backend(request).giftcards.balance({ code, clientAddress: clientIp(request) });
  if (!result.status && result.error === 'notFound') return json({ error: 'notFound', fieldErrors: { code: 'codeNotFound' } }, 404);
  return answer(result);
}

/** A gift card id as the details page sends it, and the largest quantity its selector offers. */
const START_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_START_QUANTITY = 999;

/**
 * `POST /api/giftcard/start` (the details page's "Buy", a plain form): the card and quantity
 * go into the encrypted session, not the URL, and the guest goes on to the checkout (303).
 */
export async function handleGiftcardStart(request: NextRequest) {
  const form = await request.formData().catch(() => null);
  const id = String(form?.get('id') ?? '');
  const quantity = String(form?.get('quantity') ?? '1').trim();
  const locale = toLocale(String(form?.get('language') ?? ''));
  // Validated before anything is written to the session: a card id and a quantity the checkout accepts.
  if (!START_ID.test(id) || !/^\d{1,3}$/.test(quantity) || Number(quantity) < 1 || Number(quantity) > MAX_START_QUANTITY) {
    return json({ error: 'invalid', fieldErrors: START_ID.test(id) ? { quantity: 'quantityInvalid' } : { id: 'required' } }, 400);
  }
  const session = await giftcardSession();
  session.form = { ...session.form, id, quantity };
  await session.save();
  const target = localizedPath(locale, `/frontpage/giftcard/checkout/${encodeURIComponent(id)}`);
  return new Response(null, { status: 303, headers: { Location: target, 'Cache-Control': 'private, no-store' } });
}
