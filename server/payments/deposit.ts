import 'server-only';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { and, eq, gt, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { depositPayments, experienceBookings, venues, type DepositPaymentRow, type VenueRow } from '@/server/db/schema';
import { kickDelivery } from '@/server/outbox/delivery';
import { toLocale } from '@/lib/i18n/locales';
import { dueAfterClaim, errorCode, isPermanent, keyExpired, nextRetryAt } from './retry';
import { queueMoneyFailedEmail } from './flag';
import { isTestMoney } from './test-money';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { renderEmailTexts } from '@/server/outbox/templates';
import { formatMoney } from '@/lib/currency';
import { currencyOf, fromProviderAmount, toProviderAmount } from '@/lib/currency';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { DEPOSIT_RETRY_MINUTES, type PaymentStart, type PublicPaymentConfig, type StartedPayment } from '@/lib/payments/types';
import { startedMirror, venueMetadata } from './provider';
import { stripeClient, stripeRefund, stripeRefundExists } from '@/lib/payments/stripe';
import { errorMessage, log } from '@/lib/log';
import { findLocalRefund, recordLocalRefund, testCardOutcome } from './local';
import { now as clockNow } from '@/server/clock';
import { observedProvider } from '@/server/observability/observe';

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
  retrieve(db: Db, reference: string): Promise<{ status: string; amountCents: number; currency: string } | null>;
  /** Gives the whole payment back to the guest (idempotent per reference); PermanentPaymentError when refused for good. */
  refund(db: Db, reference: string): Promise<void>;
  /** Whether a refund of the payment was made: looked up with the provider, instead of a retry once the key may be forgotten. */
  findRefund(db: Db, reference: string): Promise<boolean>;
};

/** Stripe's code of the venue's currency: the one rule, `currencyOf` in lib/currency.ts. */
const catalogues = { it, en, fr, es, de };

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
    async refund(_db, reference) {
      // One refund per payment, also when the call is repeated after a lost answer.
      await stripeRefund(stripe, reference, { kind: 'deposit' });
    },
    findRefund: (_db, reference) => stripeRefundExists(stripe, reference),
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
  // The local provider holds no money: its ledger's line (and the mirror's `refunded`) is the refund.
  refund: (db, reference) => recordLocalRefund(db, reference),
  findRefund: (db, reference) => findLocalRefund(db, reference),
};

/** Stripe when `STRIPE_SECRET_KEY` is set, the local test provider otherwise. */
export function depositProvider(): DepositProvider {
  return observedProvider(stripeDeposits() ?? localDeposits);
}

/** Starts a deposit or prepayment: the provider's intent, mirrored in `deposit_payments` with the venue. */
export async function startDeposit(
  db: Db,
  venue: VenueRow,
  input: PaymentStart,
  provider = depositProvider(),
): Promise<StartedPayment> {
  const metadata = venueMetadata(venue, input.metadata);
  const created = await provider.create({ ...input, metadata });
  const guest = PLAIN_EMAIL.test(input.email) ? { guestEmail: input.email, guestLocale: toLocale(input.locale ?? null) } : {};
  await db.insert(depositPayments).values({ ...startedMirror(venue, provider.kind, created, input), metadata, ...guest });
  log.info('deposit_started', { venueId: venue.id, provider: provider.kind });
  return created;
}

/** The local provider's card form: charges the test card, or records the decline. */
export async function confirmLocalDeposit(db: Db, reference: string, clientSecret: string, cardNumber: string): Promise<{ status: string; lastError: string | null } | null> {
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
export async function verifyDeposit(db: Db, venue: VenueRow, reference: string, amountCents: number, provider = depositProvider()): Promise<DepositCheck> {
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
export async function claimDeposit(tx: Db, venue: VenueRow, reference: string, as: 'used' | 'refunding', now = clockNow()): Promise<boolean> {
  const claimed = await tx
    .update(depositPayments)
    .set(as === 'refunding' ? refundClaim(now) : { status: as, updatedAt: now })
    .where(and(eq(depositPayments.reference, reference), eq(depositPayments.venueId, venue.id), eq(depositPayments.status, 'succeeded')))
    .returning({ id: depositPayments.id });
  return claimed.length === 1;
}

/**
 * A `refunding` claim, scheduled in the claim's own statement (server/payments/retry.ts): the caller
 * refunds at once after its commit, and should it die first, the sweep refunds it from then on.
 */
const refundClaim = (now: Date) => ({ status: 'refunding', refundClaimedAt: now, nextRefundAt: dueAfterClaim(now), refundAttempts: 0, updatedAt: now });

/**
 * Claims the deposit a booking used for its refund, inside the transaction that ends the booking
 * in the guest's favour (a free cancel; a decline or cancel by the venue): `used` becomes
 * `refunding` once, so a second end finds nothing to claim; the refund runs after the transaction
 * (refundDeposit), and the sweep makes it should that never happen.
 */
export async function claimUsedDeposit(tx: Db, venue: VenueRow, reference: string, now: Date): Promise<boolean> {
  const claimed = await tx
    .update(depositPayments)
    .set(refundClaim(now))
    .where(and(eq(depositPayments.reference, reference), eq(depositPayments.venueId, venue.id), eq(depositPayments.status, 'used')))
    .returning({ id: depositPayments.id });
  return claimed.length === 1;
}

export { DEPOSIT_RETRY_MINUTES };

/**
 * Gives back a deposit claimed as `refunding` (after the transaction that claimed it, or from the
 * sweep): the provider's refund (one per payment: the key `refund-{reference}`), then `refunded`,
 * and the guest is told when no booking of theirs says so already. A failure is retried on the
 * schedule of server/payments/retry.ts; a refusal, the retries exhausted, or a claim older than the
 * provider keeps its key with no refund found end it `failed`, and the venue is e-mailed once.
 */
export async function refundDeposit(db: Db, venue: VenueRow, reference: string, provider = depositProvider(), now = clockNow()): Promise<boolean> {
  const [row] = await db.select().from(depositPayments).where(eq(depositPayments.reference, reference));
  if (!row || row.status !== 'refunding') return false;
  const claimedAt = row.refundClaimedAt ?? row.updatedAt;
  try {
    if (!keyExpired(claimedAt, now)) await provider.refund(db, reference);
    // The key may be forgotten: no second call, only the question whether the first one was made.
    else if (!(await provider.findRefund(db, reference))) return endRefundFailed(db, row, 'expired', 'key_expired', row.refundAttempts, now);
  } catch (error) {
    const attempts = row.refundAttempts + 1;
    const message = errorMessage(error);
    if (isPermanent(error)) return endRefundFailed(db, row, 'refused', errorCode(error), attempts, now);
    const next = nextRetryAt(attempts, claimedAt, now);
    if (!next) return endRefundFailed(db, row, 'exhausted', errorCode(error), attempts, now);
    await db.update(depositPayments).set({ refundAttempts: attempts, nextRefundAt: next, lastError: errorCode(error), updatedAt: now }).where(and(eq(depositPayments.id, row.id), eq(depositPayments.status, 'refunding')));
    log.error('deposit_refund_failed', { venueId: venue.id, reference, attempts, error: message });
    return false;
  }
  const done = await db.transaction(async (tx) => {
    const [refunded] = await tx
      .update(depositPayments)
      .set({ status: 'refunded', nextRefundAt: null, updatedAt: now })
      .where(and(eq(depositPayments.id, row.id), eq(depositPayments.status, 'refunding')))
      .returning();
    if (refunded) await tellGuestOfRefund(tx, venue, refunded);
    return Boolean(refunded);
  });
  if (done) kickDelivery();
  log.info('deposit_refunded', { venueId: venue.id, provider: provider.kind });
  return true;
}

/** Ends a refund `failed` and tells the venue, once (the conditional update decides), in one transaction. */
async function endRefundFailed(db: Db, row: DepositPaymentRow, why: 'exhausted' | 'refused' | 'expired', error: string, attempts: number, now: Date): Promise<false> {
  const flagged = await db.transaction(async (tx) => {
    const [ended] = await tx
      .update(depositPayments)
      .set({ status: 'failed', lastError: error, refundAttempts: attempts, nextRefundAt: null, refundFlaggedAt: now, updatedAt: now })
      .where(and(eq(depositPayments.id, row.id), eq(depositPayments.status, 'refunding')))
      .returning();
    if (ended) await queueMoneyFailedEmail(tx, ended.venueId, { what: 'depositRefund', why, reference: ended.reference, amountCents: ended.amountCents, currency: ended.currency, attempts, error, provider: ended.provider, of: { paymentReference: ended.reference, guestEmail: ended.guestEmail } });
    return Boolean(ended);
  });
  if (flagged) {
    kickDelivery();
    log.error('deposit_refund_flagged', { venueId: row.venueId, reference: row.reference, why, attempts, error });
  }
  return false;
}

/**
 * The guest's e-mail for a refund the site made on its own (a closed tab, a refused submit, the date
 * filled up): in their language, with the amount. A booking the payment paid tells of its refund in
 * its own cancel or decline e-mail, so none is sent then.
 */
async function tellGuestOfRefund(tx: Db, venue: VenueRow, payment: DepositPaymentRow) {
  if (!payment.guestEmail) return;
  const [booking] = await tx.select({ id: experienceBookings.id }).from(experienceBookings).where(eq(experienceBookings.paymentReference, payment.reference));
  if (booking) return;
  const locale = toLocale(payment.guestLocale ?? null);
  const amount = formatMoney(payment.amountCents, payment.currency, locale);
  const mail = renderEmailTexts(catalogues[locale].payments.depositRefundedEmail, locale, { venueName: venue.name, amount }, [[catalogues[locale].payments.depositRefundedEmail.reference, payment.reference]]);
  await enqueueEmail(tx, { venueId: venue.id, template: 'depositRefunded', locale, to: payment.guestEmail, ...mail, testMoney: isTestMoney(payment.provider) });
}

/** Rows of one venue, or of all when no venue is given (the housekeeping runner's scope). */
const ofVenue = (venueId?: number) => (venueId === undefined ? undefined : eq(depositPayments.venueId, venueId));

/**
 * The housekeeping sweep's part for deposits: every paid deposit ends used by its booking,
 * refunded in full, or `failed` and flagged to the venue.
 * - A deposit paid (`succeeded`) and not claimed by a booking within DEPOSIT_RETRY_MINUTES is
 *   claimed `refunding` (one conditional update, scheduled in it: a booking racing it claims it
 *   first or not at all) and refunded.
 * - A Stripe intent still mirrored unpaid after that time is asked about once: paid meanwhile
 *   (the guest closed the tab before the submit) means the same refund.
 * - A `refunding` payment whose time has come (its caller died after the claim, or its refund
 *   failed and the backoff is over) is refunded (server/payments/retry.ts).
 */
export async function sweepDeposits(db: Db, now = clockNow(), provider = depositProvider(), venueId?: number) {
  const cutoff = new Date(now.getTime() - DEPOSIT_RETRY_MINUTES * 60_000);
  const claimed: { reference: string; venueId: number }[] = [];
  claimed.push(
    ...(await db
      .update(depositPayments)
      .set(refundClaim(now))
      .where(and(eq(depositPayments.status, 'succeeded'), eq(depositPayments.provider, provider.kind), lt(depositPayments.updatedAt, cutoff), ofVenue(venueId)))
      .returning({ reference: depositPayments.reference, venueId: depositPayments.venueId })),
  );
  if (provider.kind === 'stripe') {
    // Intents opened in the last day only: an older one unpaid is abandoned (Stripe cancels nothing by itself, nor charges it).
    const open = await db
      .select({ reference: depositPayments.reference, currency: depositPayments.currency })
      .from(depositPayments)
      .where(and(eq(depositPayments.status, 'requires_payment_method'), eq(depositPayments.provider, 'stripe'), lt(depositPayments.createdAt, cutoff), gt(depositPayments.createdAt, new Date(now.getTime() - 24 * 3600_000)), ofVenue(venueId)))
      .limit(100);
    for (const intent of open) {
      const seen = await provider.retrieve(db, intent.reference).catch(() => null);
      if (seen?.status !== 'succeeded') continue;
      claimed.push(
        ...(await db
          .update(depositPayments)
          .set(refundClaim(now))
          .where(and(eq(depositPayments.reference, intent.reference), eq(depositPayments.status, 'requires_payment_method')))
          .returning({ reference: depositPayments.reference, venueId: depositPayments.venueId })),
      );
    }
  }
  const due = await db
    .select({ reference: depositPayments.reference, venueId: depositPayments.venueId })
    .from(depositPayments)
    // A row claimed before issue 41 may have no time set: it is due at once.
    .where(and(eq(depositPayments.status, 'refunding'), eq(depositPayments.provider, provider.kind), or(lte(depositPayments.nextRefundAt, now), isNull(depositPayments.nextRefundAt)), ofVenue(venueId)))
    .limit(100);
  let refunded = 0;
  let failed = 0;
  const seen = new Set<string>();
  for (const payment of [...claimed, ...due]) {
    if (seen.has(payment.reference)) continue;
    seen.add(payment.reference);
    const [venue] = await db.select().from(venues).where(eq(venues.id, payment.venueId));
    if (!venue) continue;
    if (await refundDeposit(db, venue, payment.reference, provider, now)) refunded++;
    else failed++;
  }
  return { depositsRefunded: refunded, depositRefundsFailed: failed };
}
