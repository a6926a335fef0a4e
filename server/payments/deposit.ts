import 'server-only';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { and, count, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { depositPayments, venues, type VenueRow } from '@/server/db/schema';
import { isTestMoney } from './test-money';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { renderEmailTexts } from '@/server/outbox/templates';
import { formatMoney } from '@/lib/currency';
import { currencyOf, fromProviderAmount, toProviderAmount } from '@/lib/currency';
import venueTexts from '@/messages/it.json';
import { DEPOSIT_RETRY_MINUTES, type PaymentStart, type PublicPaymentConfig, type StartedPayment } from '@/lib/payments/types';
import { startedMirror, venueMetadata } from './provider';
import { stripeClient } from '@/lib/payments/stripe';
import { log } from '@/lib/log';
import { testCardOutcome } from './local';
import { now as clockNow } from '@/server/clock';

/**
 * Deposits and prepayments of experience bookings (docs/payments.md, "Deposits"): a Stripe
 * PaymentIntent confirmed in the browser with the Payment Element, or the local test
 * provider's equivalent (`lpi_...`, the same test cards as the card guarantee). The
 * booking is accepted only once the server has seen, with the provider itself, that the
 * intent `succeeded` for the right amount on this venue.
 */
type DepositProvider = {
  kind: 'stripe' | 'local';
  publicConfig(): PublicPaymentConfig;
  create(input: PaymentStart): Promise<StartedPayment>;
  /** The intent's status, amount and currency (ISO, lower case) as the provider sees them, or null when unknown. */
  retrieve(db: Database, reference: string): Promise<{ status: string; amountCents: number; currency: string } | null>;
  /** Gives the whole payment back to the guest (idempotent per reference). */
  refund(reference: string): Promise<void>;
};

/** Stripe's code of the venue's currency: the one rule, `currencyOf` in lib/currency.ts. */
export const currencyCode = (valuta: string) => currencyOf(valuta).stripe;

const PLAIN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function stripeDeposits(): DepositProvider | null {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const stripe = stripeClient(secretKey, process.env.STRIPE_API_BASE);
  const publishableKey = process.env.STRIPE_PUBLISHABLE_KEY || null;
  return {
    kind: 'stripe',
    publicConfig: () => ({ kind: 'stripe', publishableKey }),
    async create({ amountCents, currency, email, description, metadata }) {
      // Our own idempotency key (the SDK's retry reuses it): a create repeated after a lost
      // answer gets the same intent back instead of a second one.
      const pi = await stripe.paymentIntents.create(
        {
          amount: toProviderAmount(amountCents, currency),
          currency: currencyCode(currency),
          // Cards and wallets that need no redirect: the guest stays in the form.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description,
          // Stripe refuses the whole intent for a malformed receipt address: none is sent then.
          receipt_email: PLAIN_EMAIL.test(email) ? email : undefined,
          metadata,
        },
        { idempotencyKey: `deposit-${randomUUID()}` },
      );
      if (!pi.client_secret) throw new Error('Stripe returned a PaymentIntent without a client secret');
      return { reference: pi.id, clientSecret: pi.client_secret };
    },
    async retrieve(_db, reference) {
      if (!/^pi_[A-Za-z0-9]+$/.test(reference)) return null;
      try {
        const pi = await stripe.paymentIntents.retrieve(reference);
        return { status: pi.status, amountCents: fromProviderAmount(pi.amount_received || pi.amount, pi.currency), currency: pi.currency };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
        throw error;
      }
    },
    async refund(reference) {
      // One refund per payment, also when the call is repeated after a lost answer.
      await stripe.refunds.create({ payment_intent: reference, reason: 'requested_by_customer' }, { idempotencyKey: `refund-${reference}` });
    },
  };
}

const localDeposits: DepositProvider = {
  kind: 'local',
  publicConfig: () => ({ kind: 'local' }),
  async create() {
    return { reference: `lpi_${randomBytes(12).toString('hex')}`, clientSecret: `lpi_secret_${randomBytes(18).toString('base64url')}` };
  },
  async retrieve(db, reference) {
    if (!/^lpi_[a-f0-9]{24}$/.test(reference)) return null;
    const [row] = await db.select().from(depositPayments).where(and(eq(depositPayments.reference, reference), eq(depositPayments.provider, 'local')));
    return row ? { status: row.status, amountCents: row.amountCents, currency: currencyCode(row.currency) } : null;
  },
  // The local provider holds no money: the mirror's status (`refunded`, set by refundDeposit) is the refund.
  async refund() {},
};

/** Stripe when `STRIPE_SECRET_KEY` is set, the local test provider otherwise. */
export function depositProvider(): DepositProvider {
  return stripeDeposits() ?? localDeposits;
}

/** Starts a deposit or prepayment: the provider's intent, mirrored in `deposit_payments` with the venue. */
export async function startDeposit(
  db: Database,
  venue: VenueRow,
  input: PaymentStart,
  provider = depositProvider(),
): Promise<StartedPayment> {
  const metadata = venueMetadata(venue, input.metadata);
  const created = await provider.create({ ...input, metadata });
  await db.insert(depositPayments).values({ ...startedMirror(venue, provider.kind, created, input), metadata });
  log.info('deposit_started', { venueId: venue.id, provider: provider.kind });
  return created;
}

/** The local provider's card form: charges the test card, or records the decline. */
export async function confirmLocalDeposit(db: Database, reference: string, clientSecret: string, cardNumber: string): Promise<{ status: string; lastError: string | null } | null> {
  const [row] = await db.select().from(depositPayments).where(and(eq(depositPayments.reference, reference), eq(depositPayments.provider, 'local')));
  if (!row?.clientSecret || row.clientSecret.length !== clientSecret.length || !timingSafeEqual(Buffer.from(row.clientSecret), Buffer.from(clientSecret))) return null;
  // Charged already (and maybe claimed by its booking or given back): a second card changes nothing.
  if (row.status !== 'requires_payment_method') return { status: 'succeeded', lastError: null };
  const outcome = testCardOutcome(cardNumber);
  const values = outcome.ok ? { status: 'succeeded', lastError: null } : { status: 'requires_payment_method', lastError: outcome.code };
  await db.update(depositPayments).set({ ...values, updatedAt: clockNow() }).where(and(eq(depositPayments.id, row.id), eq(depositPayments.status, 'requires_payment_method')));
  return values;
}

export type DepositCheck = { ok: true; amountCents: number } | { ok: false; error: 'paymentNotFound' | 'paymentFailed' };

/** Verifies with the provider that the intent was paid, for at least `amountCents` in the currency it was started in, on this venue. */
export async function verifyDeposit(db: Database, venue: VenueRow, reference: string, amountCents: number, provider = depositProvider()): Promise<DepositCheck> {
  const [mirror] = await db.select().from(depositPayments).where(eq(depositPayments.reference, reference));
  if (!mirror || mirror.venueId !== venue.id || mirror.provider !== provider.kind) return { ok: false, error: 'paymentNotFound' };
  // Claimed by a booking, or being given back: it pays nothing more.
  if (mirror.status !== 'requires_payment_method' && mirror.status !== 'succeeded') return { ok: false, error: 'paymentNotFound' };
  const seen = await provider.retrieve(db, reference);
  if (!seen) return { ok: false, error: 'paymentNotFound' };
  if (seen.status !== 'succeeded' || seen.amountCents < amountCents || seen.currency !== currencyCode(mirror.currency)) return { ok: false, error: 'paymentFailed' };
  // Stripe's word mirrored, unless a booking or a refund claimed the payment meanwhile.
  if (provider.kind === 'stripe' && mirror.status === 'requires_payment_method')
    await db.update(depositPayments).set({ status: 'succeeded', updatedAt: clockNow() }).where(and(eq(depositPayments.id, mirror.id), eq(depositPayments.status, 'requires_payment_method')));
  return { ok: true, amountCents: seen.amountCents };
}

/**
 * Claims a paid deposit, inside the booking's transaction: `used` by the booking it pays, or
 * `refunding` when that booking could not be made (the date filled up meanwhile). One
 * conditional update on the payment's row, so of two submits racing with one payment only
 * one claims it; false for the other (the payment is already taken or being given back).
 */
export async function claimDeposit(tx: Database, venue: VenueRow, reference: string, as: 'used' | 'refunding'): Promise<boolean> {
  const claimed = await tx
    .update(depositPayments)
    .set({ status: as, updatedAt: clockNow() })
    .where(and(eq(depositPayments.reference, reference), eq(depositPayments.venueId, venue.id), eq(depositPayments.status, 'succeeded')))
    .returning({ id: depositPayments.id });
  return claimed.length === 1;
}

/**
 * Claims the deposit a booking used for its refund, inside the transaction that ends the booking
 * in the guest's favour (a free cancel; a decline or cancel by the venue): `used` becomes
 * `refunding` once, so a second end finds nothing to claim; the refund runs after the transaction
 * (refundDeposit).
 */
export async function claimUsedDeposit(tx: Database, venue: VenueRow, reference: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(depositPayments)
    .set({ status: 'refunding', updatedAt: now })
    .where(and(eq(depositPayments.reference, reference), eq(depositPayments.venueId, venue.id), eq(depositPayments.status, 'used')))
    .returning({ id: depositPayments.id });
  return claimed.length === 1;
}

export { DEPOSIT_RETRY_MINUTES };
/** The venue's notices are in Italian, as its booking notices are (server/booking/emails.ts). */
const VENUE_LOCALE = 'it';
/** Failed refunds are tried again after 1, 2, 4... minutes (at most 6 hours); after this many the venue is told. */
export const REFUND_FLAG_AFTER_ATTEMPTS = 5;
const backoffMs = (attempts: number) => Math.min(6 * 3600_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Gives back a deposit claimed as `refunding` (after the transaction that claimed it): the
 * provider's refund (one per payment: Stripe's idempotency key), then `refunded`. Should the
 * provider fail, the payment stays `refunding` with its next attempt scheduled; the
 * housekeeping sweep retries it with backoff and tells the venue once it keeps failing.
 * A paid deposit is never silently kept without its booking.
 */
export async function refundDeposit(db: Database, venue: VenueRow, reference: string, provider = depositProvider(), now = clockNow()): Promise<boolean> {
  try {
    await provider.refund(reference);
  } catch (error) {
    const [row] = await db
      .update(depositPayments)
      .set({ refundAttempts: sql`${depositPayments.refundAttempts} + 1`, updatedAt: now })
      .where(and(eq(depositPayments.reference, reference), eq(depositPayments.status, 'refunding')))
      .returning({ attempts: depositPayments.refundAttempts });
    if (row) await db.update(depositPayments).set({ nextRefundAt: new Date(now.getTime() + backoffMs(row.attempts)) }).where(eq(depositPayments.reference, reference));
    log.error('deposit_refund_failed', { venueId: venue.id, reference, attempts: row?.attempts ?? null, error: error instanceof Error ? error.message : String(error) });
    return false;
  }
  await db.update(depositPayments).set({ status: 'refunded', nextRefundAt: null, updatedAt: now }).where(and(eq(depositPayments.reference, reference), eq(depositPayments.status, 'refunding')));
  log.info('deposit_refunded', { venueId: venue.id, provider: provider.kind });
  return true;
}

/**
 * The housekeeping sweep's part for deposits: every paid deposit ends used by its booking or
 * refunded in full.
 * - A deposit paid (`succeeded`) and not claimed by a booking within DEPOSIT_RETRY_MINUTES is
 *   claimed `refunding` (one conditional update: a booking racing it claims it first or not at
 *   all) and refunded.
 * - A Stripe intent still mirrored unpaid after that time is asked about once: paid meanwhile
 *   (the guest closed the tab before the submit) means the same refund.
 * - A `refunding` payment whose refund failed is retried when its backoff is over; after
 *   REFUND_FLAG_AFTER_ATTEMPTS failures the venue gets one e-mail (and /api/health counts it).
 */
export async function sweepDeposits(db: Database, now = clockNow(), provider = depositProvider()) {
  const cutoff = new Date(now.getTime() - DEPOSIT_RETRY_MINUTES * 60_000);
  const claimed: { reference: string; venueId: number }[] = [];
  claimed.push(
    ...(await db
      .update(depositPayments)
      .set({ status: 'refunding', updatedAt: now })
      .where(and(eq(depositPayments.status, 'succeeded'), eq(depositPayments.provider, provider.kind), lt(depositPayments.updatedAt, cutoff)))
      .returning({ reference: depositPayments.reference, venueId: depositPayments.venueId })),
  );
  if (provider.kind === 'stripe') {
    // Intents opened in the last day only: an older one unpaid is abandoned (Stripe cancels nothing by itself, nor charges it).
    const open = await db
      .select({ reference: depositPayments.reference, currency: depositPayments.currency })
      .from(depositPayments)
      .where(and(eq(depositPayments.status, 'requires_payment_method'), eq(depositPayments.provider, 'stripe'), lt(depositPayments.createdAt, cutoff), gt(depositPayments.createdAt, new Date(now.getTime() - 24 * 3600_000))))
      .limit(100);
    for (const intent of open) {
      const seen = await provider.retrieve(db, intent.reference).catch(() => null);
      if (seen?.status !== 'succeeded') continue;
      claimed.push(
        ...(await db
          .update(depositPayments)
          .set({ status: 'refunding', updatedAt: now })
          .where(and(eq(depositPayments.reference, intent.reference), eq(depositPayments.status, 'requires_payment_method')))
          .returning({ reference: depositPayments.reference, venueId: depositPayments.venueId })),
      );
    }
  }
  const retry = await db
    .select({ reference: depositPayments.reference, venueId: depositPayments.venueId })
    .from(depositPayments)
    .where(and(eq(depositPayments.status, 'refunding'), eq(depositPayments.provider, provider.kind), gt(depositPayments.refundAttempts, 0), lte(depositPayments.nextRefundAt, now)));
  let refunded = 0;
  let failed = 0;
  for (const payment of [...claimed, ...retry]) {
    const [venue] = await db.select().from(venues).where(eq(venues.id, payment.venueId));
    if (!venue) continue;
    if (await refundDeposit(db, venue, payment.reference, provider, now)) refunded++;
    else failed++;
  }
  const flagged = await flagFailingRefunds(db, now);
  return { depositsRefunded: refunded, depositRefundsFailed: failed, depositRefundsFlagged: flagged };
}

/** Tells each venue, once per payment, about a refund that still fails after every retry: it must refund by hand. */
async function flagFailingRefunds(db: Database, now: Date): Promise<number> {
  const due = await db
    .update(depositPayments)
    .set({ refundFlaggedAt: now })
    .where(and(eq(depositPayments.status, 'refunding'), gte(depositPayments.refundAttempts, REFUND_FLAG_AFTER_ATTEMPTS), isNull(depositPayments.refundFlaggedAt)))
    .returning();
  for (const payment of due) {
    const [venue] = await db.select().from(venues).where(eq(venues.id, payment.venueId));
    if (!venue?.email) continue;
    const mail = renderEmailTexts(venueTexts.payments.refundFailedEmail, VENUE_LOCALE, {
      venueName: venue.name,
      reference: payment.reference,
      amount: formatMoney(payment.amountCents, payment.currency, VENUE_LOCALE),
      attempts: String(payment.refundAttempts),
    });
    await enqueueEmail(db, { venueId: venue.id, template: 'depositRefundFailed', locale: VENUE_LOCALE, to: venue.email, subject: mail.subject, text: mail.text, html: mail.html, testMoney: isTestMoney(payment.provider) });
  }
  if (due.length) log.error('deposit_refund_flagged', { count: due.length });
  return due.length;
}

/** Deposits whose refund is failing (being retried, or flagged to the venue): `/api/health`. */
export async function failingRefunds(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(depositPayments).where(and(eq(depositPayments.status, 'refunding'), gt(depositPayments.refundAttempts, 0)));
  return Number(row?.n ?? 0);
}
