import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { giftCardOrders, giftCards, issuedGiftCards, type GiftCardOrderRow, type VenueRow, venues } from '@/server/db/schema';
import type { GiftcardCheckoutData } from '@/lib/forms/giftcard';
import { currencyIcon, formatMoney } from '@/lib/currency';
import { locales, toLocale } from '@/lib/i18n/locales';
import { messageText } from '@/server/outbox/templates';
import type { Texts } from '@/server/db/schema';
import type { CheckoutProvider, CheckoutSession } from '@/lib/payments/checkout';
import { errorMessage, log } from '@/lib/log';
import { publicId } from '@/server/ids';
import { now as clockNow } from '@/server/clock';
import { localMoment } from '@/server/booking/time';
import { checkoutProvider } from '@/server/payments/checkout';
import { newCardCode, newOrderNumber } from './codes';
import { queueGiftcardEmails } from './emails';
import { kickDelivery } from '@/server/outbox/delivery';
import { GiftcardError } from './errors';
import { findCard, unitAmounts } from './catalog';
import { pickTexts } from './texts';

/** A card is valid this many months from its purchase (the demo venue's regulations say 12). */
export { VALIDITY_MONTHS } from '@/lib/giftcards/validity';
import { VALIDITY_MONTHS } from '@/lib/giftcards/validity';
import type { paymentProviders } from '@/lib/routes';
import { recordConsents } from '@/server/consent/records';

export type CheckoutStart = { fingerprint: string; provider: (typeof paymentProviders)[number]; url: string };

/**
 * Starts a purchase: the amount is computed here from the venue's prices (never taken from
 * the browser), the order is stored `pending` with a 128-bit fingerprint, and a hosted
 * Checkout Session is opened for exactly that amount.
 */
/**
 * The name a card of a free amount goes by, in every language ("Gift card of 50 €"), rather
 * than the product's "choose the amount": the recipient's e-mail, card page and printable card
 * carry it (issue 29).
 */
export function customTitle(valueCents: number, currency: string): Texts {
  return Object.fromEntries(locales.map((l) => [l, messageText(l, 'giftcards.customTitle', { amount: formatMoney(valueCents, currency, l) })])) as Texts;
}

/**
 * What keeps the call's idempotency key with the order: in its transaction, then completed with the
 * payment page's address, or let go (server/backend/idempotency.ts's `Keeper`, from the contract's door).
 */
export type OrderKeeper = {
  keep(t: Db, answer: Record<string, unknown>): Promise<void>;
  settle(answer: Record<string, unknown>): Promise<void>;
  release(): Promise<void>;
};

export async function startCheckout(
  db: Db,
  venue: VenueRow,
  data: GiftcardCheckoutData,
  opts: { locale: string; siteBase: string; partner: boolean; key?: OrderKeeper },
  provider: CheckoutProvider = checkoutProvider(),
): Promise<CheckoutStart> {
  const card = await findCard(db, venue, data.id);
  if (!card) throw new GiftcardError('notAvailable', 'id');
  if (data.quantity > card.maxQuantity) throw new GiftcardError('quantityInvalid', 'quantity');
  const unit = unitAmounts(card, data.customValueCents);
  if (data.deliverOn) {
    const today = localMoment(venue.timezone, clockNow()).date;
    if (data.deliverOn < today || data.deliverOn > addMonths(today, 12)) throw new GiftcardError('deliveryDateInvalid', 'deliveryDate');
  }
  if (!provider.configured()) throw new GiftcardError('publicKeyMissing');
  const fingerprint = publicId();
  const locale = toLocale(opts.locale);
  const at = clockNow();
  // The order and the consents given in its form, together or neither.
  const order = await db.transaction(async (tx) => {
    const [row] = await tx
    .insert(giftCardOrders)
    .values({
      venueId: venue.id,
      fingerprint,
      orderNumber: newOrderNumber(),
      giftCardId: card.id,
      productTitle: data.customValueCents === null ? card.title : customTitle(unit.valueCents, venue.currency),
      unitValueCents: unit.valueCents,
      unitPriceCents: unit.priceCents,
      quantity: data.quantity,
      totalCents: unit.priceCents * data.quantity,
      currency: venue.currency,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      phonePrefix: data.prefix,
      phone: data.mobile,
      birthDate: data.birthDate || null,
      city: data.city,
      country: data.country,
      province: data.province,
      cap: data.cap,
      toMe: data.recipient === 'me',
      recipientFirstName: data.recipient === 'other' ? data.recipientFirstName : null,
      recipientLastName: data.recipient === 'other' ? data.recipientLastName : null,
      recipientEmail: data.recipient === 'other' ? data.recipientEmail : null,
      recipientPhonePrefix: data.recipient === 'other' ? data.recipientPrefix : null,
      recipientPhone: data.recipient === 'other' ? data.recipientMobile : null,
      message: data.message,
      deliverOn: data.deliverOn,
      paymentMethod: data.paymentMethod,
      locale,
      partner: opts.partner,
      privacyAcceptedAt: at,
      marketingAcceptedAt: data.marketing ? at : null,
      policyVersion: venue.policies.version,
      provider: provider.kind,
      siteBase: opts.siteBase,
    })
    .returning();
    await recordConsents(tx, venue, { email: row.email, subject: { type: 'giftcardOrder', id: row.id }, locale, form: 'giftcard', privacy: true, marketing: { email: data.marketing, sms: data.marketingSms } }, at);
    // The call's idempotency key, with the order: its payment page's address follows (settle).
    await opts.key?.keep(tx, { fingerprint, provider: provider.segment, url: '' });
    return row;
  });
  const path = (p: string) => `${opts.siteBase}/frontpage/giftcard/${p}`;
  try {
    const session = await provider.createSession({
      unitAmountCents: unit.priceCents,
      quantity: data.quantity,
      currency: currencyIcon(venue.currency).code,
      productName: pickTexts(card.title, locale),
      email: data.email,
      locale,
      successUrl: path(`create/${fingerprint}`),
      cancelUrl: path(`checkout/${card.key}?cancelled=1`),
      metadata: { fingerprint, venue: venue.slug, kind: 'giftcard' },
      idempotencyKey: `giftcard-${fingerprint}`,
      venueId: venue.id,
    });
    await db.update(giftCardOrders).set({ paymentReference: session.id, paymentUrl: session.url }).where(eq(giftCardOrders.id, order.id));
    log.info('giftcard_checkout_started', { venueId: venue.id, provider: provider.kind, quantity: data.quantity });
    await opts.key?.settle({ fingerprint, provider: provider.segment, url: session.url });
    return { fingerprint, provider: provider.segment, url: session.url };
  } catch (error) {
    await db.update(giftCardOrders).set({ status: 'failed' }).where(eq(giftCardOrders.id, order.id));
    await opts.key?.release();
    log.error('giftcard_checkout_failed', { venueId: venue.id, error: errorMessage(error) });
    throw new GiftcardError('paymentInit');
  }
}

const addMonths = (iso: string, months: number) => {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
};

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * Creates the order's cards, once. Only a session the provider says is paid, for the
 * order's amount and currency, counts. The switch to `paid` (from `pending`, or from `expired`/
 * `failed`: a late payment is never lost) is one conditional
 * UPDATE: of any number of webhooks and returns running at once, one sees the row change
 * and creates the cards and e-mails in the same transaction; the others change nothing.
 * `payment_reference` is unique and `(order_id, position)` too, so the database itself
 * refuses a second set.
 */
export async function fulfil(db: Db, session: CheckoutSession): Promise<'created' | 'already' | 'unpaid' | 'mismatch' | 'unknown'> {
  if (session.status !== 'complete' || session.paymentStatus !== 'paid') return 'unpaid';
  const [order] = await db.select().from(giftCardOrders).where(eq(giftCardOrders.paymentReference, session.id));
  if (!order) return 'unknown';
  if (order.status === 'paid') return 'already';
  if (session.amountTotal !== order.totalCents || session.currency.toLowerCase() !== currencyIcon(order.currency).code.toLowerCase()) {
    log.error('giftcard_amount_mismatch', { orderId: order.id });
    return 'mismatch';
  }
  for (let attempt = 0; ; attempt++) {
    try {
      const result = await db.transaction(async (tx) => {
        const paidAt = clockNow();
        // Test money stays test money: the local provider's, or a Stripe session not in live mode.
        const test = order.provider !== 'stripe' || !session.livemode;
        const [won] = await tx
          .update(giftCardOrders)
          .set({ status: 'paid', paidAt, test })
          // Any order not yet paid: a payment the provider confirms is never lost, even one whose
          // order the sweep marked `expired` (a late webhook) or a closing event marked `failed`.
          .where(and(eq(giftCardOrders.id, order.id), ne(giftCardOrders.status, 'paid')))
          .returning();
        if (!won) return 'already' as const;
        // Valid for VALIDITY_MONTHS from the day of payment in the venue's time zone.
        const [place] = await tx.select({ timezone: venues.timezone }).from(venues).where(eq(venues.id, won.venueId));
        const validUntil = addMonths(localMoment(place?.timezone ?? 'UTC', paidAt).date, VALIDITY_MONTHS);
        const cards = await tx
          .insert(issuedGiftCards)
          .values(
            Array.from({ length: won.quantity }, (_, position) => ({
              venueId: won.venueId,
              orderId: won.id,
              position,
              code: newCardCode(),
              printToken: publicId(),
              valueCents: won.unitValueCents,
              balanceCents: won.unitValueCents,
              validUntil,
              test,
            })),
          )
          .returning();
        await queueGiftcardEmails(tx, won, cards);
        log.info('giftcard_created', { orderId: won.id, cards: cards.length });
        return 'created' as const;
      });
      if (result === 'created') kickDelivery();
      return result;
    } catch (error) {
      // Two codes alike (2^-80 per pair) roll the whole transaction back; a new draw is made.
      if (isUniqueViolation(error) && attempt < 3) {
        const [again] = await db.select({ status: giftCardOrders.status }).from(giftCardOrders).where(eq(giftCardOrders.id, order.id));
        if (again?.status === 'paid') return 'already';
        continue;
      }
      throw error;
    }
  }
}

/** A signed `checkout.session.*` event: completed (or paid later) creates the cards; expired or failed closes the order. */
export async function applyCheckoutEvent(db: Db, event: { type: string; session: CheckoutSession | null }) {
  if (!event.session) return 'ignored';
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') return fulfil(db, event.session);
  if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
    await db.update(giftCardOrders).set({ status: 'failed' }).where(and(eq(giftCardOrders.paymentReference, event.session.id), eq(giftCardOrders.status, 'pending')));
    return 'closed';
  }
  return 'ignored';
}

export async function findOrder(db: Db, venue: VenueRow, fingerprint: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(fingerprint)) return null;
  const [order] = await db.select().from(giftCardOrders).where(and(eq(giftCardOrders.venueId, venue.id), eq(giftCardOrders.fingerprint, fingerprint)));
  return order ?? null;
}

/**
 * The guest is back from the provider: the payment is checked with the provider itself
 * (server-side retrieval), never taken from the redirect, and the cards created if paid.
 */
export async function confirmReturn(db: Db, venue: VenueRow, fingerprint: string, provider: CheckoutProvider = checkoutProvider()): Promise<'paid' | 'pending' | 'failed' | 'notFound'> {
  const order = await findOrder(db, venue, fingerprint);
  if (!order) return 'notFound';
  // An `expired` order (the sweep's) is asked about once more: its session may have been paid late.
  if (order.status === 'paid' || order.status === 'failed') return order.status;
  if (!order.paymentReference || order.provider !== provider.kind) return 'failed';
  const session = await provider.retrieveSession(order.paymentReference);
  if (!session) return 'failed';
  if (session.status === 'expired') {
    await applyCheckoutEvent(db, { type: 'checkout.session.expired', session });
    return 'failed';
  }
  const result = await fulfil(db, session);
  if (result === 'created' || result === 'already') return 'paid';
  if (result === 'mismatch' || order.status === 'expired') return 'failed';
  return 'pending';
}

/** What the pages and the contract see of an order: an `expired` one is `failed` to them. */
const publicStatus = (status: GiftCardOrderRow['status']) => (status === 'expired' ? 'failed' : status);

/** Where the guest pays for a pending order (the payment redirect page). */
export function paymentView(order: GiftCardOrderRow, provider: CheckoutProvider = checkoutProvider()) {
  return {
    provider: provider.segment,
    configured: provider.configured(),
    status: publicStatus(order.status),
    url: order.status === 'pending' && order.provider === provider.kind ? (order.paymentUrl ?? '') : '',
  };
}

/** The purchase confirmation: what the buyer may see with the fingerprint, nothing more. */
export async function orderView(db: Db, order: GiftCardOrderRow) {
  const [card] = await db.select({ key: giftCards.key }).from(giftCards).where(eq(giftCards.id, order.giftCardId));
  return {
    orderNumber: order.orderNumber,
    status: publicStatus(order.status),
    date: (order.paidAt ?? order.createdAt).toISOString(),
    product: order.productTitle,
    cardId: card?.key ?? '',
    quantity: order.quantity,
    value: order.unitValueCents,
    price: order.unitPriceCents,
    total: order.totalCents,
    currency: order.currency,
    toMe: order.toMe,
    deliverOn: order.deliverOn ?? '',
    sendTo: order.toMe ? order.email : (order.recipientEmail ?? ''),
    recipientName: order.toMe ? `${order.firstName} ${order.lastName}` : `${order.recipientFirstName ?? ''} ${order.recipientLastName ?? ''}`.trim(),
  };
}

