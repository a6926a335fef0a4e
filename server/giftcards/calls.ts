import 'server-only';
import { z } from 'zod';
import { giftcardCheckoutSchema, normalizeCardCode } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fields';
import { toLocale } from '@/lib/i18n/locales';
import { log } from '@/lib/log';
import { withinLimit } from '@/server/limits';
import { GiftcardError } from '@/server/giftcards/errors';
import { cardView, findCard, listCards } from '@/server/giftcards/catalog';
import { lookupCard, printableCard, redeemCard } from '@/server/giftcards/redeem';
import { confirmReturn, findOrder, orderView, paymentView, startCheckout } from '@/server/giftcards/service';
import type { CallContext, Envelope } from '@/server/backend/call';
import { fields, invalid, notFound, refusing } from '../backend/answers';
import { claimOf, idempotent, keptAnswer } from '../backend/idempotency';


/** Refusals of the gift card calls, as HTTP statuses; bad input is a 400 with message keys. */
const refusal: Record<string, number> = { notAvailable: 409, publicKeyMissing: 503, paymentInit: 502, notFound: 404, expired: 409, insufficientBalance: 409, testCard: 409, referenceReused: 409 };

function giftcardRefusal(error: unknown): Envelope | undefined {
  if (!(error instanceof GiftcardError)) return undefined;
  log.info('giftcard_refused', { code: error.code });
  if (error.field && !refusal[error.code]) return invalid({ [error.field]: error.code });
  return { httpStatus: refusal[error.code] ?? 400, status: false, error: error.code, fieldErrors: error.field ? { [error.field]: error.code } : {} };
}
const guarded = (run: () => Promise<Envelope>) => refusing(run, giftcardRefusal);

/** `giftcard/getlist` → the venue's cards on sale (amounts in cents). */
export async function getGiftcardList({ db, venue }: CallContext): Promise<Envelope> {
  return { status: true, data: await listCards(db, venue) };
}

/** `giftcard/get` `{id}` → one card, or `notAvailable` when the venue no longer sells it. */
export async function getGiftcard({ db, venue, params }: CallContext): Promise<Envelope> {
  const card = await findCard(db, venue, (params.get('id') ?? '').slice(0, 64));
  return card ? { status: true, data: cardView(card) } : { httpStatus: 404, status: false, error: 'notAvailable' };
}

/** A URL of a page this backend hosts, absolute on its public origin when called over HTTP. */
const onOrigin = (url: string, selfOrigin: string | undefined) => (url && selfOrigin ? new URL(url, selfOrigin).href : url);

const siteBase = z.string().max(300).regex(/^https?:\/\/[^\s/?#]+(\/(it|en|fr|es|de))?$/);

/**
 * `giftcard/checkout` `{...the checkout form, language, siteBase, partner, remoteIp}` →
 * `{fingerprint, provider, url}`: the order is stored and a hosted payment opened for the
 * amount computed from the venue's prices.
 */
export function giftcardCheckout({ db, venue, params, selfOrigin }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const parsed = giftcardCheckoutSchema.safeParse(fields(params));
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    const base = siteBase.safeParse(params.get('siteBase') ?? '');
    if (!base.success) return invalid({ siteBase: 'invalid' });
    const claim = claimOf(venue.id, 'giftcard/checkout', params, fields(params));
    const answer = (started: Record<string, unknown>): Envelope => ({ status: true, data: { ...started, url: onOrigin(String(started.url ?? ''), selfOrigin) } });
    return idempotent(
      db,
      claim,
      async (key) => answer(await startCheckout(db, venue, parsed.data, { locale: toLocale(params.get('language')), siteBase: base.data, partner: params.get('partner') === '1', key })),
      // A retry while the first is still opening its payment page waits for the page (or its failure).
      async (kept, c) => {
        for (let tries = 0; !kept.url && tries < 50; tries++) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          const now = await keptAnswer(db, c);
          if (!now) return { httpStatus: 502, status: false, error: 'paymentInit' };
          kept = now;
        }
        return kept.url ? answer(kept) : { httpStatus: 409, status: false, error: 'idempotencyKeyInUse' };
      },
    );
  });
}

const fingerprintOf = (params: URLSearchParams) => (params.get('fingerprint') ?? '').slice(0, 64);

/**
 * `giftcard/payment` `{fingerprint}` → `{provider, configured, status, url}`: where the guest
 * pays. Over HTTP the URL is absolute: a page this backend hosts (the local test page) is named
 * on its own public origin, so a front links the guest here and not to itself.
 */
export async function giftcardPayment({ db, venue, params, selfOrigin }: CallContext): Promise<Envelope> {
  const order = await findOrder(db, venue, fingerprintOf(params));
  if (!order) return { httpStatus: 404, status: false, error: 'paymentNotFound' };
  const view = paymentView(order);
  return { status: true, data: { ...view, url: onOrigin(view.url, selfOrigin) } };
}

/** `giftcard/create` `{fingerprint}` → `{status: paid | pending | failed}`: the payment verified with the provider, the cards created once. */
export async function giftcardCreate({ db, venue, params }: CallContext): Promise<Envelope> {
  const status = await confirmReturn(db, venue, fingerprintOf(params));
  if (status === 'notFound') return { httpStatus: 404, status: false, error: 'paymentNotFound' };
  return { status: true, data: { status } };
}

/** `giftcard/order` `{fingerprint}` → the purchase confirmation's details. */
export async function giftcardOrder({ db, venue, params }: CallContext): Promise<Envelope> {
  const order = await findOrder(db, venue, fingerprintOf(params));
  return order ? { status: true, data: await orderView(db, order) } : notFound;
}

/** `giftcard/card` `{token}` → one card's printable page. */
export async function giftcardCard({ db, venue, params }: CallContext): Promise<Envelope> {
  const card = await printableCard(db, venue, (params.get('token') ?? '').slice(0, 64));
  return card ? { status: true, data: card } : notFound;
}

const codeInput = z.object({ code: z.string().max(40).transform(normalizeCardCode).pipe(z.string().regex(/^[A-Z0-9]{16}$/, 'notFound')) });

/** `giftcard/lookup` `{code}` (the venue's side) → `{code, value, balance, validUntil, expired}`. */
export async function giftcardLookup({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = codeInput.safeParse(fields(params));
  if (!q.success) return notFound;
  const card = await lookupCard(db, venue, q.data.code);
  return card ? { status: true, data: card } : notFound;
}

const redeemInput = codeInput.extend({
  amount: z.coerce.number({ error: 'amountInvalid' }).int('amountInvalid').min(1, 'amountInvalid').max(100_000_000, 'amountInvalid'),
  reference: z.string().max(120).optional().default(''),
  /** `1`: the till knows this is a test (a card paid with test money is refused otherwise). */
  test: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** `giftcard/redeem` `{code, amount (cents), reference?, test?}` (the venue's side) → the card with its new balance. */
export function giftcardRedeem({ db, venue, params }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const q = redeemInput.safeParse(fields(params));
    if (!q.success) return q.error.issues.some((i) => i.path[0] === 'code') ? notFound : invalid(fieldErrors(q.error));
    return { status: true, data: await redeemCard(db, venue, q.data.code, q.data.amount, q.data.reference, q.data.test === '1' || q.data.test === 'true') };
  });
}

/**
 * `giftcard/balance` `{code, remoteIp}`: the card holder's balance page. Codes carry 80
 * random bits; guessing is also limited per address and venue (limit giftcardBalanceAddress:
 * 10 per 15 minutes; 429 `tooMany`), counted before the code is looked at.
 */
export async function giftcardBalance({ db, venue, params }: CallContext): Promise<Envelope> {
  const ip = params.get('remoteIp') || 'unknown';
  // Counted per client identity (an IPv6 /64), so neighbouring addresses share one allowance.
  if (!(await withinLimit(db, venue, 'giftcardBalanceAddress', ip))) return { httpStatus: 429, status: false, error: 'tooMany' };
  const q = codeInput.safeParse(fields(params));
  const card = q.success ? await lookupCard(db, venue, q.data.code) : null;
  if (!card) return { httpStatus: 404, status: false, error: 'notFound', fieldErrors: { code: 'codeNotFound' } };
  return { status: true, data: { balance: card.balance, value: card.value, validUntil: card.validUntil, expired: card.expired, test: card.test } };
}
