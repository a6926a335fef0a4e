import Stripe from 'stripe';
import { stripeClient, verifiedEvent } from './stripe';
import { currencyOf, fromProviderAmount, toProviderAmount } from '@/lib/currency';

/**
 * Purchases (gift cards): a hosted Checkout Session the guest is redirected to, that covers
 * cards and wallets (Apple Pay, Google Pay). Stripe Checkout when keys are configured, the
 * local test provider otherwise (server/payments/checkout.ts); both behind this interface.
 */
export type CheckoutSession = {
  /** `cs_...` for Stripe, `lcs_...` for the local provider. */
  id: string;
  /** `open` until paid or abandoned, `complete` once paid, `expired` when abandoned. */
  status: 'open' | 'complete' | 'expired';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotal: number;
  currency: string;
  metadata: Record<string, string>;
  /** False for test money: Stripe's test mode, and always for the local provider. */
  livemode: boolean;
};

/** `created`: seconds since the epoch, as Stripe sends it (the webhook's lag is measured from it). */
export type CheckoutEvent = { id: string; type: string; created?: number; session: CheckoutSession | null };

export type CheckoutInput = {
  /** The price of one card, computed by the server from the venue's prices. */
  unitAmountCents: number;
  quantity: number;
  currency: string;
  productName: string;
  email: string;
  locale: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
  /** The same key gives back the same session (a retried request creates no second one). */
  idempotencyKey: string;
  venueId: number;
};

export interface CheckoutProvider {
  readonly kind: 'stripe' | 'local';
  /** The route segment `{provider}` of spec section 2. */
  readonly segment: 'stripe' | 'testpay';
  /** Whether the provider has the keys it needs ("Internal error: ... public key is missing." otherwise). */
  configured(): boolean;
  createSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /** The session as the provider sees it now; `null` when it does not know it. */
  retrieveSession(id: string): Promise<CheckoutSession | null>;
  /** Verifies a webhook's signature and age; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): CheckoutEvent;
}

/** Webhooks older than this (seconds) are refused as replays, as Stripe recommends. */

/** Stripe's locales for Checkout are the site's five. */
const stripeLocale = (locale: string) => (['it', 'en', 'fr', 'es', 'de'].includes(locale) ? locale : 'auto') as Stripe.Checkout.SessionCreateParams.Locale;

export function toCheckoutSession(s: Pick<Stripe.Checkout.Session, 'id' | 'status' | 'payment_status' | 'amount_total' | 'currency' | 'metadata' | 'livemode'>): CheckoutSession {
  return {
    id: s.id,
    status: s.status === 'complete' ? 'complete' : s.status === 'expired' ? 'expired' : 'open',
    paymentStatus: s.payment_status === 'paid' ? 'paid' : s.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    amountTotal: fromProviderAmount(s.amount_total ?? 0, s.currency ?? 'eur'),
    livemode: s.livemode === true,
    currency: s.currency ?? '',
    metadata: (s.metadata ?? {}) as Record<string, string>,
  };
}

/** Reads a verified event: the Checkout Session of `checkout.session.*` events. */
export function checkoutEventFrom(event: Stripe.Event): CheckoutEvent {
  const session = event.type.startsWith('checkout.session.') ? toCheckoutSession(event.data.object as Stripe.Checkout.Session) : null;
  return { id: event.id, type: event.type, created: event.created, session };
}

type Options = { secretKey: string; publishableKey: string | null; webhookSecret: string; apiBase?: string };

/** Stripe Checkout (mode `payment`), through the `stripe` SDK; `apiBase` points it at a stand-in (tests). */
export function stripeCheckout({ secretKey, publishableKey, webhookSecret, apiBase }: Options): CheckoutProvider {
  const stripe = stripeClient(secretKey, apiBase);
  return {
    kind: 'stripe',
    segment: 'stripe',
    configured: () => Boolean(secretKey && publishableKey),
    async createSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // No payment_method_types: Stripe offers the card and the wallets (Apple Pay, Google Pay) enabled for the account.
          line_items: [
            {
              quantity: input.quantity,
              price_data: { currency: currencyOf(input.currency).stripe, unit_amount: toProviderAmount(input.unitAmountCents, input.currency), product_data: { name: input.productName } },
            },
          ],
          customer_email: input.email,
          locale: stripeLocale(input.locale),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          client_reference_id: input.metadata.fingerprint,
          metadata: input.metadata,
          payment_intent_data: { metadata: input.metadata },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
      return { id: session.id, url: session.url };
    },
    async retrieveSession(id) {
      if (!/^cs_[A-Za-z0-9_]+$/.test(id)) return null;
      try {
        return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
        throw error;
      }
    },
    parseWebhook(rawBody, header) {
      const event = verifiedEvent(stripe, rawBody, header, webhookSecret, secretKey);
      return checkoutEventFrom(event);
    },
  };
}

/** Stripe Checkout when `STRIPE_SECRET_KEY` is set (with `STRIPE_WEBHOOK_SECRET`); `null` means the local test provider. */
export function stripeCheckoutFromEnv(): CheckoutProvider | null {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: webhooks could not be verified');
  return stripeCheckout({ secretKey, publishableKey: process.env.STRIPE_PUBLISHABLE_KEY || null, webhookSecret, apiBase: process.env.STRIPE_API_BASE || undefined });
}
