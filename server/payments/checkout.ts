import 'server-only';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import type { Db } from '@/server/db/types';
import { localCheckoutSessions } from '@/server/db/schema';
import { checkoutEventFrom, stripeCheckoutFromEnv, type CheckoutEvent, type CheckoutProvider, type CheckoutSession } from '@/lib/payments/checkout';
import { verifiedEvent } from '@/lib/payments/stripe';
import { currencyOf } from '@/lib/currency';
import { localWebhookSecret, signLocalEvent, testCardOutcome } from './local';
import { now as clockNow } from '@/server/clock';
import { observedProvider } from '@/server/observability/observe';

const verifier = new Stripe('sk_test_local_signer_only');

type LocalRow = typeof localCheckoutSessions.$inferSelect;

function toSession(row: LocalRow): CheckoutSession {
  return { id: row.id, status: row.status, paymentStatus: row.paymentStatus, amountTotal: row.amountTotal, currency: row.currency, metadata: row.metadata, livemode: false };
}

const LOCAL_ID = /^lcs_[a-f0-9]{32}$/;

/** What the hosted test page does with a card: paid, declined (stay on the page), or the payment failed. */
export type LocalPayOutcome =
  | { outcome: 'paid'; redirect: string; event: { body: string; signature: string } }
  | { outcome: 'declined'; code: string }
  | { outcome: 'failed'; redirect: string }
  | { outcome: 'cancelled'; redirect: string };

/**
 * The local test provider for purchases: Checkout Sessions kept in `local_checkout_sessions`,
 * paid on the built-in hosted test page (`/api/payments/testpay/{id}`) with Stripe's test
 * cards, which redirects back and signs a `checkout.session.completed` webhook as Stripe does.
 */
export function localCheckout(getDatabase: () => Promise<Db> = getDb): CheckoutProvider & {
  session(id: string): Promise<LocalRow | null>;
  pay(id: string, cardNumber: string): Promise<LocalPayOutcome | null>;
  cancel(id: string): Promise<string | null>;
} {
  const load = async (id: string) => {
    if (!LOCAL_ID.test(id)) return null;
    const db = await getDatabase();
    const [row] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id));
    return row ?? null;
  };
  return {
    kind: 'local',
    segment: 'testpay',
    configured: () => true,
    async createSession(input) {
      const db = await getDatabase();
      const id = `lcs_${randomBytes(16).toString('hex')}`;
      await db.insert(localCheckoutSessions).values({
        id,
        venueId: input.venueId,
        amountTotal: input.unitAmountCents * input.quantity,
        currency: currencyOf(input.currency).stripe,
        description: `${input.quantity} × ${input.productName}`,
        locale: input.locale,
        successUrl: input.successUrl,
        cancelUrl: input.cancelUrl,
        metadata: input.metadata,
      });
      return { id, url: `/api/payments/testpay/${id}` };
    },
    async retrieveSession(id) {
      const row = await load(id);
      return row ? toSession(row) : null;
    },
    parseWebhook(rawBody, header): CheckoutEvent {
      return checkoutEventFrom(verifiedEvent(verifier, rawBody, header, localWebhookSecret()));
    },
    session: load,
    async pay(id, cardNumber) {
      const db = await getDatabase();
      const outcome = testCardOutcome(cardNumber);
      if (!outcome.ok && outcome.code !== 'processing_error') {
        await db.update(localCheckoutSessions).set({ lastError: outcome.code }).where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')));
        const row = await load(id);
        return row && row.status === 'open' ? { outcome: 'declined', code: outcome.code } : null;
      }
      if (!outcome.ok) {
        // A processing error ends the session, as a failed payment would: the guest sees the payment error page.
        const [row] = await db.update(localCheckoutSessions).set({ status: 'expired', lastError: outcome.code }).where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open'))).returning();
        return row ? { outcome: 'failed', redirect: row.successUrl.replace('/frontpage/giftcard/create/', '/frontpage/giftcard/testpay/error/') } : null;
      }
      const [row] = await db
        .update(localCheckoutSessions)
        .set({ status: 'complete', paymentStatus: 'paid', lastError: null })
        .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.status, 'open')))
        .returning();
      if (!row) return null;
      const event = signLocalEvent({
        id: `levt_${randomBytes(12).toString('hex')}`,
        type: 'checkout.session.completed',
        created: Math.floor(clockNow().getTime() / 1000),
        data: { object: { id: row.id, object: 'checkout.session', status: 'complete', payment_status: 'paid', amount_total: row.amountTotal, currency: row.currency, metadata: row.metadata } },
      });
      return { outcome: 'paid', redirect: row.successUrl, event };
    },
    async cancel(id) {
      const row = await load(id);
      return row && row.status === 'open' ? row.cancelUrl : null;
    },
  };
}

const shared = globalThis as typeof globalThis & { __frontpageLocalCheckout?: ReturnType<typeof localCheckout> };

/** The local test provider of this process. */
export function localCheckoutProvider() {
  return (shared.__frontpageLocalCheckout ??= localCheckout());
}

/** Stripe Checkout when `STRIPE_SECRET_KEY` is set (docs/payments.md), the local test provider otherwise. */
export function checkoutProvider(): CheckoutProvider {
  return observedProvider(stripeCheckoutFromEnv() ?? localCheckoutProvider());
}

/** Whether a webhook body is about a Checkout Session (read before verification only to route it; verified by the handler). */
export function isCheckoutEventBody(rawBody: string): boolean {
  try {
    const type = (JSON.parse(rawBody) as { type?: unknown } | null)?.type;
    return typeof type === 'string' && type.startsWith('checkout.session.');
  } catch {
    return false;
  }
}
