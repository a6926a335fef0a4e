import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp, type Texts } from './columns';
import { venueRef } from './venues';

export const giftCards = pgTable(
  'gift_cards',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    key: text('key').notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    regulations: jsonb('regulations').$type<Texts>().notNull(),
    valueCents: integer('value_cents').notNull(),
    priceCents: integer('price_cents').notNull(),
    customMinCents: integer('custom_min_cents'),
    customMaxCents: integer('custom_max_cents'),
    maxQuantity: integer('max_quantity').notNull().default(10),
    image: text('image').notNull().default(''),
    active: boolean('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('gift_cards_venue_key').on(t.venueId, t.key)],
);

/**
 * A gift card purchase. `fingerprint` (128 random bits) is the buyer's key to this order;
 * `paymentReference` (the Checkout Session id) is unique, so one payment is one order; the
 * switch from `pending` to `paid` is one conditional UPDATE, so the cards are created once.
 */
export const giftCardOrders = pgTable('gift_card_orders', {
  id: serial('id').primaryKey(),
  venueId: venueRef(),
  fingerprint: text('fingerprint').notNull().unique(),
  orderNumber: text('order_number').notNull().unique(),
  giftCardId: integer('gift_card_id')
    .notNull()
    .references(() => giftCards.id),
  productTitle: jsonb('product_title').$type<Texts>().notNull(),
  unitValueCents: integer('unit_value_cents').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  totalCents: integer('total_cents').notNull(),
  currency: text('currency').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  phone: text('phone').notNull(),
  /** Optional at checkout (issue 29): null when the buyer leaves it empty. */
  birthDate: date('birth_date'),
  city: text('city').notNull(),
  country: text('country').notNull(),
  province: text('province').notNull(),
  cap: text('cap').notNull(),
  toMe: boolean('to_me').notNull(),
  recipientFirstName: text('recipient_first_name'),
  recipientLastName: text('recipient_last_name'),
  recipientEmail: text('recipient_email'),
  recipientPhonePrefix: text('recipient_phone_prefix'),
  recipientPhone: text('recipient_phone'),
  message: text('message').notNull().default(''),
  /** The day the recipient's e-mail is sent (a birthday), in the venue's time zone; null: at once. */
  deliverOn: date('deliver_on'),
  paymentMethod: text('payment_method').$type<'card' | 'wallet'>().notNull(),
  locale: text('locale').notNull(),
  partner: boolean('partner').notNull().default(false),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
  marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
  policyVersion: text('policy_version').notNull(),
  provider: text('provider').$type<'stripe' | 'local'>().notNull(),
  paymentReference: text('payment_reference').unique(),
  paymentUrl: text('payment_url'),
  /** The site's address the guest bought on (`https://host/en`), for links in the e-mails. */
  siteBase: text('site_base').notNull().default(''),
  /** `expired`: left unpaid past its session's expiry (the housekeeping sweep); a late payment still counts. */
  status: text('status').$type<'pending' | 'paid' | 'failed' | 'expired'>().notNull().default('pending'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Paid with test money: the local provider, or a Stripe session with `livemode: false` (docs/payments.md, "Test money"). */
  test: boolean('test').notNull().default(false),
  createdAt: stamp('created_at'),
});

/**
 * A card a paid order created. `code` is what the holder shows (>= 80 random bits, unique
 * per venue); `(orderId, position)` is unique, a second guard against creating twice; the
 * balance can never go below zero (CHECK), whatever redemptions run at once.
 */
export const issuedGiftCards = pgTable(
  'issued_gift_cards',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    orderId: integer('order_id')
      .notNull()
      .references(() => giftCardOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: text('code').notNull(),
    /** The printable page's key (128 random bits): the card can be shown without its code in the URL being guessable. */
    printToken: text('print_token').notNull().unique(),
    valueCents: integer('value_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    validUntil: date('valid_until').notNull(),
    /** A card paid with test money: "Test – no value"; redemption refuses it unless the call says it is a test. */
    test: boolean('test').notNull().default(false),
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('issued_gift_cards_venue_code').on(t.venueId, t.code),
    uniqueIndex('issued_gift_cards_order_position').on(t.orderId, t.position),
    check('issued_gift_cards_balance_nonnegative', sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.valueCents}`),
  ],
);

/** Amounts taken off a card by the venue (partial redemptions allowed). */
export const giftCardRedemptions = pgTable('gift_card_redemptions', {
  id: serial('id').primaryKey(),
  cardId: integer('card_id')
    .notNull()
    .references(() => issuedGiftCards.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  reference: text('reference').notNull().default(''),
  /** The balance this redemption left: a retry with the same reference answers it again. */
  balanceAfterCents: integer('balance_after_cents'),
  createdAt: stamp('created_at'),
}, (t) => [
  // A till's retry (same reference) is the same redemption: the second insert conflicts and takes nothing.
  uniqueIndex('gift_card_redemptions_reference').on(t.cardId, t.reference).where(sql`${t.reference} <> ''`),
]);

/** The local test provider's Checkout Sessions (Stripe keeps its own). */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  venueId: venueRef(),
  amountTotal: integer('amount_total').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  locale: text('locale').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
  lastError: text('last_error'),
  createdAt: stamp('created_at'),
});

export type GiftCardRow = typeof giftCards.$inferSelect;

export type GiftCardOrderRow = typeof giftCardOrders.$inferSelect;

export type IssuedGiftCardRow = typeof issuedGiftCards.$inferSelect;
