import type { ActionResult, BackendClient, Loaded } from './client';
import type { Giftcard, GiftcardOrder, PrintableCard } from '@/lib/contract/giftcard';
import type { Stored } from './texts';
import type { orderStatuses } from '@/lib/giftcards/order';
import type { paymentProviders } from '@/lib/routes';
import { formFields } from './tables';

/** An order's status as the guest's pages see it. */
export type OrderStatus = (typeof orderStatuses)[number];
/** A card on sale (amounts in cents; `customMin`/`customMax` for a free amount). */
export type CardOnSale = Stored<Giftcard, 'title' | 'description' | 'regulations'>;
/** A purchase started: the order's fingerprint and the hosted payment page. */
export type CheckoutStarted = { fingerprint: string; provider: (typeof paymentProviders)[number]; url: string };
/** Where the guest pays for an order: `url` only while it waits for its payment. */
export type OrderPayment = { provider: (typeof paymentProviders)[number]; configured: boolean; status: OrderStatus; url: string };
/** The purchase confirmation's details. */
export type OrderView = Stored<GiftcardOrder, 'product'>;
/** A card's printable page. */
export type PrintedCard = Stored<PrintableCard, 'product' | 'regulations'>;
/** A card's balance as its holder sees it (`test`: paid with test money). */
export type CardBalance = { balance: number; value: number; validUntil: string; expired: boolean; test: boolean };
/** A card as the venue's till sees it. */
export type TillCard = CardBalance & { code: string };
/** A redemption at the till: the amount (cents) taken off, once per receipt (`reference`); `test`: the till knows it is a test. */
export type RedeemInput = { code: string; amountCents: number; reference: string; test: boolean };
/** A card after a redemption (`replayed`: the same receipt again, nothing taken off twice). */
export type CardRedeemed = { code: string; value: number; balance: number; validUntil: string; redeemed: number; replayed: boolean };

/**
 * What the site knows of a purchase beside its form: the guest's language, the site the payment
 * returns to (`siteBase`, an origin with the language), the partner cookie, the guest's address,
 * and the submit's idempotency key (a retry reuses it: a lost answer never opens a second order).
 */
export type CheckoutSubmit = { locale: string; siteBase: string; partner: boolean; clientAddress?: string; idempotencyKey?: string };

/** A purchase's fields on the wire: the form's values, then the key, the language, the site, the partner flag and the guest's address. */
export const wireCheckout = (values: Record<string, unknown>, submit: CheckoutSubmit) =>
  formFields({ ...values, idempotencyKey: submit.idempotencyKey || undefined, language: submit.locale, siteBase: submit.siteBase, partner: submit.partner, remoteIp: submit.clientAddress });

/**
 * The gift cards' door (issue 42, "One core, two doors"), as the table door (lib/backend/tables.ts):
 * typed input, typed answers, amounts in cents. The built-in backend calls its core
 * (server/giftcards/core.ts) directly; a legacy backend is called through the wire format
 * (`wireGiftcards`). Texts are read in every language on either side.
 */
export interface GiftcardDoor {
  /** The cards on sale (a failed call reads as failed, an unknown venue as `unknownVenue`). */
  list(): Promise<Loaded<Giftcard[]>>;
  /** One card on sale, or `notAvailable`. */
  get(id: string): Promise<ActionResult<Giftcard>>;
  /** Starts a purchase: the checkout form's values as the guest sent them, checked by its rule (lib/forms/giftcard.ts) on either side. */
  checkout(values: Record<string, unknown>, submit: CheckoutSubmit): Promise<ActionResult<CheckoutStarted>>;
  /** Where the guest pays for an order, or `paymentNotFound`. */
  payment(fingerprint: string): Promise<ActionResult<OrderPayment>>;
  /** The guest is back from the payment: verified with the provider, the cards made once (`paid`, `pending`, `failed`), or `paymentNotFound`. */
  confirm(fingerprint: string): Promise<ActionResult<{ status: OrderStatus }>>;
  /** The purchase confirmation, or `notFound`. */
  order(fingerprint: string): Promise<ActionResult<GiftcardOrder>>;
  /** A card's printable page by its print token, or `notFound`. */
  card(token: string): Promise<ActionResult<PrintableCard>>;
  /** A card's balance by its code (`clientAddress`: the guest's, whose tries are counted; `tooMany` past them, `notFound` unknown). */
  balance(input: { code: string; clientAddress?: string }): Promise<ActionResult<CardBalance>>;
}

/** The gift card door over the contract's wire format (docs/backend-contract.md, "Gift cards"): a legacy backend's. */
export function wireGiftcards(client: BackendClient): GiftcardDoor {
  return {
    list: () => client.getGiftcards(),
    get: (id) => client.giftcard('get', { id }),
    checkout: (values, submit) => client.giftcard('checkout', wireCheckout(values, submit)),
    payment: (fingerprint) => client.giftcard('payment', { fingerprint }),
    confirm: (fingerprint) => client.giftcard('create', { fingerprint }),
    order: (fingerprint) => client.giftcard('order', { fingerprint }),
    card: (token) => client.giftcard('card', { token }),
    balance: (input) => client.giftcard('balance', { code: input.code, ...(input.clientAddress ? { remoteIp: input.clientAddress } : {}) }),
  };
}
