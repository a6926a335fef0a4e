import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { reservations } from './booking';
import { amountColumnSet, providerColumnSet, stamp } from './columns';
import { experienceBookings } from './experiences';
import { venueRef } from './venues';

/**
 * Card setups (a card saved for a guarantee). For the local provider this is the provider's
 * own state; for Stripe a mirror updated by signed webhooks.
 */
export const cardSetups = pgTable('card_setups', {
  id: serial('id').primaryKey(),
  venueId: venueRef(),
  ...providerColumnSet(),
  paymentMethod: text('payment_method'),
  /** Stripe's Customer the card is saved to (off-session charges need one); null for the local provider. */
  customer: text('customer'),
  /** Local provider only: what an off-session charge to this test card does (docs/payments.md). */
  offSession: text('off_session').$type<'succeed' | 'decline' | 'authenticate'>(),
  ...amountColumnSet(),
  /** When a verified webhook last told us about it. */
  webhookAt: timestamp('webhook_at', { withTimezone: true }),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

/** Webhook events already handled: a replayed delivery is acknowledged and not applied twice. */
export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: stamp('received_at'),
});

export type CardSetupRow = typeof cardSetups.$inferSelect;

/**
 * The no-show fee charged to a guarantee's saved card (issue 24, server/payments/noshow.ts):
 * at most one per booking, claimed in the transaction that marks the no-show, before the
 * provider is called. `charging` → `succeeded` | `requires_action` (the guest must
 * authenticate) | `failed` (declined); a succeeded charge made by mistake → `refunding` →
 * `refunded`, or `refund_failed` when the refund could not be made within the retry limit (the
 * venue refunds by hand; server/payments/retry.ts).
 */
export const noshowCharges = pgTable(
  'noshow_charges',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    reservationId: integer('reservation_id')
      .unique()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    experienceBookingId: integer('experience_booking_id')
      .unique()
      .references(() => experienceBookings.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'stripe' | 'local'>().notNull(),
    /** The provider's PaymentIntent (`pi_...`, `lnpi_...`), once it answered. */
    reference: text('reference').unique(),
    /** Stripe's client secret of an intent that needs the guest's authentication. */
    clientSecret: text('client_secret'),
    paymentMethod: text('payment_method').notNull(),
    customer: text('customer'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<NoShowChargeStatus>().notNull(),
    lastError: text('last_error'),
    /** Provider calls that failed before an answer (network, 5xx): retried by the sweep with backoff. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** When the call in progress (the charge, or its refund) was claimed: its key is used only while the provider keeps it (issue 41). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** When the venue was told that this charge or refund ended failed (once). */
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    chargedAt: timestamp('charged_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  () => [check('noshow_charges_one_booking', sql`(reservation_id is null) <> (experience_booking_id is null)`)],
);

export type NoShowChargeStatus = 'charging' | 'succeeded' | 'requires_action' | 'failed' | 'refunding' | 'refunded' | 'refund_failed';

/**
 * The local test provider's own record of the charges and refunds it made, by idempotency key:
 * what Stripe keeps on its side, so that a call whose answer was lost can be looked up
 * (server/payments/local.ts, `findCharge` / `findRefund`).
 */
export const localLedger = pgTable('local_ledger', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  kind: text('kind').$type<'charge' | 'refund'>().notNull(),
  /** The intent charged (`lnpi_...`), or the payment refunded. */
  reference: text('reference').notNull(),
  status: text('status').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: stamp('created_at'),
});

export type NoShowChargeRow = typeof noshowCharges.$inferSelect;
