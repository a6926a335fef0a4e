import 'server-only';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { GiftcardCheckoutData } from '@/lib/forms/giftcard';
import { normalizeCardCode } from '@/lib/forms/giftcard';
import type { CardBalance, CardOnSale, CardRedeemed, CheckoutStarted, OrderPayment, OrderStatus, OrderView, PrintedCard, RedeemInput, TillCard } from '@/lib/backend/giftcards';
import { ok, refused, type Outcome, type Refusal } from '@/lib/backend/outcome';
import { refusing } from '@/lib/backend/refusing';
import { log } from '@/lib/log';
import { withinLimit } from '@/server/limits';
import { GiftcardError } from './errors';
import { cardView, findCard, listCards } from './catalog';
import { lookupCard, printableCard, redeemCard } from './redeem';
import { confirmReturn, findOrder, orderView, paymentView, startCheckout, type OrderKeeper } from './service';

/**
 * The gift cards' core (issue 42, "One core, two doors"): typed input on a resolved venue, a
 * typed answer or a typed refusal (lib/backend/outcome.ts), amounts in cents. Both doors call it:
 * the built-in backend directly (server/backend/builtin-sales.ts), the contract's inbound adapter
 * after reading the wire (server/giftcards/calls.ts).
 */

/** Refusals of the gift card calls, as HTTP statuses; bad input is a 400 with message keys. */
const refusal: Record<string, number> = { notAvailable: 409, publicKeyMissing: 503, paymentInit: 502, notFound: 404, expired: 409, insufficientBalance: 409, testCard: 409, referenceReused: 409 };

/** A gift card error as its refusal; anything else is thrown on. */
export function giftcardRefusal(error: unknown): Refusal | undefined {
  if (!(error instanceof GiftcardError)) return undefined;
  log.info('giftcard_refused', { code: error.code });
  if (error.field && !refusal[error.code]) return refused(400, 'invalid', { [error.field]: error.code });
  return refused(refusal[error.code] ?? 400, error.code, error.field ? { [error.field]: error.code } : {});
}

/** Runs a core call, its gift card errors answered as their refusals. */
const refusingGiftcard = <T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> => refusing<Outcome<T>>(run, giftcardRefusal);

const notFound = refused(404, 'notFound');

/** The cards on sale. */
export async function giftcardsOnSale(db: Db, venue: VenueContext): Promise<Outcome<CardOnSale[]>> {
  return ok(await listCards(db, venue));
}

/** One card on sale, or `notAvailable` (404) when the venue no longer sells it. */
export async function giftcardOnSale(db: Db, venue: VenueContext, id: string): Promise<Outcome<CardOnSale>> {
  const card = await findCard(db, venue, id.slice(0, 64));
  return card ? ok(cardView(card)) : refused(404, 'notAvailable');
}

/** The public addresses of the venue's site a purchase links back to: an origin, with the guest's language. */
const SITE_BASE = /^https?:\/\/[^\s/?#]+(\/(it|en|fr|es|de))?$/;

/** What a purchase needs beside its form: the guest's language, the site it returns to, the partner flag, and what keeps its idempotency key. */
export type CheckoutContext = { locale: string; siteBase: string; partner: boolean; key?: OrderKeeper };

/**
 * Starts a purchase: the order stored `pending` and a hosted payment opened for the amount
 * computed from the venue's prices; `{fingerprint, provider, url}`, or why not (`notAvailable`,
 * bad input 400, `publicKeyMissing` 503, `paymentInit` 502).
 */
export const giftcardPurchase = (db: Db, venue: VenueContext, order: GiftcardCheckoutData, context: CheckoutContext) =>
  refusingGiftcard<CheckoutStarted>(async () => {
    if (context.siteBase.length > 300 || !SITE_BASE.test(context.siteBase)) return refused(400, 'invalid', { siteBase: 'invalid' });
    return ok(await startCheckout(db, venue, order, context));
  });

/** Where the guest pays for an order (`url` empty unless it waits for its payment), or `paymentNotFound` (404). */
export async function giftcardOrderPayment(db: Db, venue: VenueContext, fingerprint: string): Promise<Outcome<OrderPayment>> {
  const order = await findOrder(db, venue, fingerprint.slice(0, 64));
  return order ? ok(paymentView(order)) : refused(404, 'paymentNotFound');
}

/**
 * The guest is back from the payment: the payment verified with the provider and the cards
 * created once; `paid`, `pending` or `failed`, or `paymentNotFound` (404).
 */
export async function giftcardConfirm(db: Db, venue: VenueContext, fingerprint: string): Promise<Outcome<{ status: OrderStatus }>> {
  const status = await confirmReturn(db, venue, fingerprint.slice(0, 64));
  return status === 'notFound' ? refused(404, 'paymentNotFound') : ok({ status });
}

/** The purchase confirmation's details, or `notFound`. */
export async function giftcardOrderView(db: Db, venue: VenueContext, fingerprint: string): Promise<Outcome<OrderView>> {
  const order = await findOrder(db, venue, fingerprint.slice(0, 64));
  return order ? ok(await orderView(db, order)) : notFound;
}

/** One card's printable page, by its print token, or `notFound`. */
export async function giftcardPrinted(db: Db, venue: VenueContext, token: string): Promise<Outcome<PrintedCard>> {
  const card = await printableCard(db, venue, token.slice(0, 64));
  return card ? ok(card) : notFound;
}

/** A card's code as typed (spaces and dashes dropped, upper case), or null when it cannot be one. */
function cardCode(code: string): string | null {
  if (code.length > 40) return null;
  const normal = normalizeCardCode(code);
  return /^[A-Z0-9]{16}$/.test(normal) ? normal : null;
}

/**
 * The card holder's balance, by the card's code. Guessing is limited per address and venue
 * (`giftcardBalanceAddress`, 429 `tooMany`), counted before the code is looked at; an unknown
 * code is `notFound` (404) with the field's `codeNotFound`.
 */
export async function giftcardBalanceOf(db: Db, venue: VenueContext, input: { code: string; clientAddress?: string }): Promise<Outcome<CardBalance>> {
  // Counted per client identity (an IPv6 /64), so neighbouring addresses share one allowance.
  if (!(await withinLimit(db, venue, 'giftcardBalanceAddress', input.clientAddress || 'unknown'))) return refused(429, 'tooMany');
  const code = cardCode(input.code);
  const card = code ? await lookupCard(db, venue, code) : null;
  if (!card) return refused(404, 'notFound', { code: 'codeNotFound' });
  return ok({ balance: card.balance, value: card.value, validUntil: card.validUntil, expired: card.expired, test: card.test });
}

/** The venue's till looks a card up by its code, or `notFound`. */
export async function giftcardTillLookup(db: Db, venue: VenueContext, codeTyped: string): Promise<Outcome<TillCard>> {
  const code = cardCode(codeTyped);
  const card = code ? await lookupCard(db, venue, code) : null;
  return card ? ok(card) : notFound;
}

/**
 * The venue's till takes an amount (cents) off a card: the card with its new balance, once per
 * receipt (`reference`); `notFound`, `expired`, `insufficientBalance`, `testCard` (a card of test
 * money without `test`), `referenceReused` (the receipt with another amount): 409.
 */
export const giftcardTillRedeem = (db: Db, venue: VenueContext, input: RedeemInput) =>
  refusingGiftcard<CardRedeemed>(async () => {
    const code = cardCode(input.code);
    if (!code) return notFound;
    return ok(await redeemCard(db, venue, code, input.amountCents, input.reference, input.test));
  });
