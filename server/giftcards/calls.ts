import 'server-only';
import { z } from 'zod';
import { giftcardCheckoutSchema, normalizeCardCode } from '@/lib/forms/giftcard';
import { fieldErrors } from '@/lib/forms/fields';
import { toLocale } from '@/lib/i18n/locales';
import type { Outcome } from '@/lib/backend/outcome';
import type { CheckoutStarted } from '@/lib/backend/giftcards';
import type { Db } from '@/server/db/types';
import type { CallContext, Envelope } from '@/server/backend/call';
import { giftcardBalanceOf, giftcardConfirm, giftcardOnSale, giftcardOrderPayment, giftcardOrderView, giftcardPrinted, giftcardPurchase, giftcardRefusal, giftcardsOnSale, giftcardTillLookup, giftcardTillRedeem } from './core';
import type { OrderKeeper } from './service';
import { fields, invalid, notFound, refusing } from '../backend/answers';
import { claimOf, idempotent, keptAnswer, type Claim } from '../backend/idempotency';

/**
 * The gift card calls' inbound adapter (issue 42): each reads the wire's strings with the
 * contract's schemas, then calls the core (server/giftcards/core.ts), which the built-in door
 * calls too; its outcome is the contract's envelope, byte for byte as recorded.
 */

const guarded = (run: () => Promise<Envelope>) => refusing(run, giftcardRefusal);

/** `giftcard/getlist` → the venue's cards on sale (amounts in cents). */
export const getGiftcardList = ({ db, venue }: CallContext): Promise<Envelope> => giftcardsOnSale(db, venue);

/** `giftcard/get` `{id}` → one card, or `notAvailable` when the venue no longer sells it. */
export const getGiftcard = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardOnSale(db, venue, params.get('id') ?? '');

/** A URL of a page this backend hosts, absolute on its public origin when called over HTTP. */
const onOrigin = (url: string, selfOrigin: string | undefined) => (url && selfOrigin ? new URL(url, selfOrigin).href : url);

/**
 * A purchase under its idempotency key (server/backend/idempotency.ts): a retry answers the
 * first order; a retry while the first is still opening its payment page waits for the page (or
 * its failure). `selfOrigin`: this backend's own, for the URLs of the pages it hosts (over HTTP).
 * The contract's adapter and the built-in door (server/backend/builtin-sales.ts) both use it.
 */
export function checkoutOnce(db: Db, claim: Claim | null | 'invalid', make: (key: OrderKeeper) => Promise<Outcome<CheckoutStarted>>, selfOrigin?: string): Promise<Envelope> {
  const answer = (started: Record<string, unknown>): Envelope => ({ status: true, data: { ...started, url: onOrigin(String(started.url ?? ''), selfOrigin) } });
  return idempotent(
    db,
    claim,
    async (key) => {
      const made = await make(key);
      return made.status ? answer(made.data) : made;
    },
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
}

/**
 * `giftcard/checkout` `{...the checkout form, language, siteBase, partner, remoteIp}` →
 * `{fingerprint, provider, url}`: the order is stored and a hosted payment opened for the
 * amount computed from the venue's prices.
 */
export function giftcardCheckout({ db, venue, params, selfOrigin }: CallContext): Promise<Envelope> {
  return guarded(async () => {
    const parsed = giftcardCheckoutSchema.safeParse(fields(params));
    if (!parsed.success) return invalid(fieldErrors(parsed.error));
    const context = { locale: toLocale(params.get('language')), siteBase: params.get('siteBase') ?? '', partner: params.get('partner') === '1' };
    return checkoutOnce(db, claimOf(venue.id, 'giftcard/checkout', params, fields(params)), (key) => giftcardPurchase(db, venue, parsed.data, { ...context, key }), selfOrigin);
  });
}

const fingerprintOf = (params: URLSearchParams) => params.get('fingerprint') ?? '';

/**
 * `giftcard/payment` `{fingerprint}` → `{provider, configured, status, url, cardId}`: where the
 * guest pays. Over HTTP the URL is absolute: a page this backend hosts (the local test page) is
 * named on its own public origin, so a front links the guest here and not to itself. `cardId`
 * is the wire's, always empty.
 */
export async function giftcardPayment({ db, venue, params, selfOrigin }: CallContext): Promise<Envelope> {
  const view = await giftcardOrderPayment(db, venue, fingerprintOf(params));
  return view.status ? { status: true, data: { ...view.data, url: onOrigin(view.data.url, selfOrigin), cardId: '' } } : view;
}

/** `giftcard/create` `{fingerprint}` → `{status: paid | pending | failed}`: the payment verified with the provider, the cards created once. */
export const giftcardCreate = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardConfirm(db, venue, fingerprintOf(params));

/** `giftcard/order` `{fingerprint}` → the purchase confirmation's details. */
export const giftcardOrder = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardOrderView(db, venue, fingerprintOf(params));

/** `giftcard/card` `{token}` → one card's printable page. */
export const giftcardCard = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardPrinted(db, venue, params.get('token') ?? '');

const codeInput = z.object({ code: z.string().max(40).transform(normalizeCardCode).pipe(z.string().regex(/^[A-Z0-9]{16}$/, 'notFound')) });

/** `giftcard/lookup` `{code}` (the venue's side) → `{code, value, balance, validUntil, expired, test}`. */
export const giftcardLookup = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardTillLookup(db, venue, params.get('code') ?? '');

const redeemInput = codeInput.extend({
  amount: z.coerce.number({ error: 'amountInvalid' }).int('amountInvalid').min(1, 'amountInvalid').max(100_000_000, 'amountInvalid'),
  reference: z.string().max(120).optional().default(''),
  /** `1`: the till knows this is a test (a card paid with test money is refused otherwise). */
  test: z.enum(['0', '1', 'true', 'false']).optional(),
});

/** `giftcard/redeem` `{code, amount (cents), reference?, test?}` (the venue's side) → the card with its new balance. */
export async function giftcardRedeem({ db, venue, params }: CallContext): Promise<Envelope> {
  const q = redeemInput.safeParse(fields(params));
  if (!q.success) return q.error.issues.some((i) => i.path[0] === 'code') ? notFound : invalid(fieldErrors(q.error));
  return giftcardTillRedeem(db, venue, { code: q.data.code, amountCents: q.data.amount, reference: q.data.reference, test: q.data.test === '1' || q.data.test === 'true' });
}

/**
 * `giftcard/balance` `{code, remoteIp}`: the card holder's balance page. Codes carry 80
 * random bits; guessing is also limited per address and venue (limit giftcardBalanceAddress:
 * 10 per 15 minutes; 429 `tooMany`), counted before the code is looked at.
 */
export const giftcardBalance = ({ db, venue, params }: CallContext): Promise<Envelope> => giftcardBalanceOf(db, venue, { code: params.get('code') ?? '', clientAddress: params.get('remoteIp') || undefined });
