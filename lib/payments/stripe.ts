import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { PermanentPaymentError, WebhookSignatureError, type CardSetup, type ChargeEvent, type GuaranteeProvider, type OffSessionCharge, type PaymentEvent, type SetupStatus } from './types';
import { currencyOf, toProviderAmount } from '@/lib/currency';

type Options = { secretKey: string; publishableKey: string | null; webhookSecret: string; apiBase?: string };

/** Webhooks older than this (seconds) are refused as replays, as Stripe recommends. */
const TOLERANCE_S = 300;

function toSetup(si: Stripe.SetupIntent): CardSetup {
  const pm = si.payment_method;
  const error = si.last_setup_error;
  return {
    reference: si.id,
    status: si.status as SetupStatus,
    paymentMethod: typeof pm === 'string' ? pm : (pm?.id ?? null),
    lastError: error ? (error.decline_code ?? error.code ?? null) : null,
    metadata: (si.metadata ?? {}) as Record<string, string>,
    customer: typeof si.customer === 'string' ? si.customer : (si.customer?.id ?? null),
  };
}

/** A no-show fee's PaymentIntent as a webhook tells of it; null for any other intent (deposits are verified by retrieval). */
function toChargeEvent(type: string, pi: Stripe.PaymentIntent): ChargeEvent | null {
  if (pi.metadata?.kind !== 'noshow') return null;
  const error = pi.last_payment_error;
  if (type === 'payment_intent.succeeded') return { reference: pi.id, status: 'succeeded', error: null };
  if (type === 'payment_intent.payment_failed') return { reference: pi.id, status: 'failed', error: error?.decline_code ?? error?.code ?? 'card_declined' };
  if (type === 'payment_intent.requires_action') return { reference: pi.id, status: 'requires_action', error: 'authentication_required' };
  return null;
}

/**
 * The `stripe` SDK as every Stripe provider here uses it (guarantees, Checkout, deposits): one
 * network retry (which reuses the call's idempotency key), the spec's 30 s time-out, and
 * `apiBase` to point it at a local stand-in (offline tests, `STRIPE_API_BASE`).
 */
/** With live keys (`sk_live_...`) an event from Stripe's test mode is refused: test money never becomes real. */
export const refusesTestEvent = (secretKey: string, event: { livemode?: boolean }) => secretKey.startsWith('sk_live_') && event.livemode !== true;

/**
 * A webhook body read under Stripe's signature scheme (Stripe's own webhooks, and the local
 * providers', signed the same way): the event, or WebhookSignatureError when the header is
 * missing, the signature wrong or older than 5 minutes, or (given the site's live `secretKey`)
 * the event is a test-mode one.
 */
export function verifiedEvent(stripe: Stripe, rawBody: string, header: string | null, webhookSecret: string, secretKey?: string): Stripe.Event {
  if (!header) throw new WebhookSignatureError('missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, header, webhookSecret, TOLERANCE_S);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
  }
  if (secretKey && refusesTestEvent(secretKey, event)) throw new WebhookSignatureError('a test-mode event sent to a site with live keys');
  return event;
}

/**
 * Stripe's refusals that no retry changes become PermanentPaymentError: an invalid request (400,
 * 404: a detached or unknown payment method, a missing resource), a permission error, an
 * idempotency key reused with other parameters. Network errors, 5xx, 429 and a key still in
 * flight (409) are thrown as they are: retried on the schedule.
 */
export function permanentOrThrow(error: unknown): never {
  if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripePermissionError || error instanceof Stripe.errors.StripeIdempotencyError) {
    throw new PermanentPaymentError(error.code ?? error.type, error.message);
  }
  throw error;
}

/** Refunds Stripe made (or is making) of a PaymentIntent: listed by the intent, as its metadata names it. */
export async function stripeRefundExists(stripe: Stripe, paymentIntent: string): Promise<boolean> {
  const refunds = await stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 });
  return refunds.data.some((r) => r.status === 'succeeded' || r.status === 'pending' || r.status === 'requires_action');
}

/**
 * Refunds a PaymentIntent in full, once (the key `refund-{intent}`); a charge Stripe says is
 * refunded already counts as refunded, a refusal is PermanentPaymentError.
 */
export async function stripeRefund(stripe: Stripe, paymentIntent: string, metadata: Record<string, string>): Promise<void> {
  try {
    await stripe.refunds.create({ payment_intent: paymentIntent, reason: 'requested_by_customer', metadata: { ...metadata, refund_key: `refund-${paymentIntent}` } }, { idempotencyKey: `refund-${paymentIntent}` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'charge_already_refunded') return;
    permanentOrThrow(error);
  }
}

export function stripeClient(secretKey: string, apiBase?: string | null): Stripe {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 30_000,
    ...(base ? { host: base.hostname, port: Number(base.port) || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/** What an off-session PaymentIntent came to. */
function chargeOf(pi: Stripe.PaymentIntent): OffSessionCharge {
  if (pi.status === 'succeeded') return { reference: pi.id, status: 'succeeded', error: null, clientSecret: null };
  if (pi.status === 'requires_action') return { reference: pi.id, status: 'requires_action', error: 'authentication_required', clientSecret: pi.client_secret };
  return { reference: pi.id, status: 'failed', error: pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code ?? pi.status, clientSecret: null };
}

/**
 * Stripe SetupIntents: the card is saved for later off-session charges (the no-show fee),
 * collected in the browser by the Payment Element, verified here with Stripe's API and by
 * signed webhooks. `apiBase` points the SDK at another server (offline tests).
 */
export function stripeProvider({ secretKey, publishableKey, webhookSecret, apiBase }: Options): GuaranteeProvider {
  const stripe = stripeClient(secretKey, apiBase);
  return {
    kind: 'stripe',
    publicConfig: () => ({ kind: 'stripe', publishableKey }),
    async createSetup({ amountCents, currency, email, description, metadata }) {
      // Every create carries an idempotency key: the caller's (the same guarantee asked again gets
      // the same SetupIntent back), or a fresh one, which the SDK's own retry then reuses.
      const { idempotencyKey = `setup-${randomUUID()}`, ...rest } = metadata;
      // The card is saved to a Customer: Stripe charges a saved card off-session (the no-show fee) only through one.
      const customer = await stripe.customers.create({ ...(email ? { email } : {}), description, metadata: rest }, { idempotencyKey: `${idempotencyKey}-customer` });
      const si = await stripe.setupIntents.create(
        {
          customer: customer.id,
          usage: 'off_session',
          // Cards and wallets that need no redirect: the guest stays in the wizard (3-D Secure opens in place).
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          description,
          metadata: { ...rest, amountCents: String(amountCents), currency, ...(email ? { email } : {}) },
        },
        { idempotencyKey },
      );
      if (!si.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
      return { reference: si.id, clientSecret: si.client_secret };
    },
    async retrieveSetup(reference) {
      if (!/^seti_[A-Za-z0-9]+$/.test(reference)) return null;
      try {
        return toSetup(await stripe.setupIntents.retrieve(reference));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
        throw error;
      }
    },
    parseWebhook(rawBody, header): PaymentEvent {
      const event = verifiedEvent(stripe, rawBody, header, webhookSecret, secretKey);
      const setup = event.type.startsWith('setup_intent.') ? toSetup(event.data.object as Stripe.SetupIntent) : null;
      const charge = event.type.startsWith('payment_intent.') ? toChargeEvent(event.type, event.data.object as Stripe.PaymentIntent) : null;
      return { id: event.id, type: event.type, created: event.created, setup, charge };
    },
    async chargeOffSession({ paymentMethod, customer, amountCents, currency, description, metadata, idempotencyKey }): Promise<OffSessionCharge> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: toProviderAmount(amountCents, currency),
            currency: currencyOf(currency).stripe,
            ...(customer ? { customer } : {}),
            payment_method: paymentMethod,
            off_session: true,
            confirm: true,
            description,
            // The key travels with the intent, so that it can be found again once Stripe forgot the key (findCharge).
            metadata: { ...metadata, kind: 'noshow', charge_key: idempotencyKey },
          },
          { idempotencyKey },
        );
        return chargeOf(pi);
      } catch (error) {
        // A decline or a bank asking for the guest comes back as a card error carrying the intent.
        if (error instanceof Stripe.errors.StripeCardError) {
          const pi = (error.raw as { payment_intent?: Stripe.PaymentIntent }).payment_intent ?? null;
          if (error.code === 'authentication_required') return { reference: pi?.id ?? null, status: 'requires_action', error: 'authentication_required', clientSecret: pi?.client_secret ?? null };
          return { reference: pi?.id ?? null, status: 'failed', error: error.decline_code ?? error.code ?? 'card_declined', clientSecret: null };
        }
        return permanentOrThrow(error);
      }
    },
    async refundCharge(reference) {
      await stripeRefund(stripe, reference, { kind: 'noshow' });
    },
    async findCharge(idempotencyKey) {
      const found = await stripe.paymentIntents.search({ query: `metadata['charge_key']:'${idempotencyKey.replace(/'/g, '')}'`, limit: 1 });
      return found.data[0] ? chargeOf(found.data[0]) : null;
    },
    findRefund: (reference) => stripeRefundExists(stripe, reference),
  };
}

/** Stripe when `STRIPE_SECRET_KEY` is set (with `STRIPE_WEBHOOK_SECRET`); `null` means the local test provider. */
export function stripeProviderFromEnv(): GuaranteeProvider | null {
  const secretKey = process.env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!webhookSecret) throw new Error('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: webhooks could not be verified');
  return stripeProvider({ secretKey, publishableKey: process.env.STRIPE_PUBLISHABLE_KEY || null, webhookSecret, apiBase: process.env.STRIPE_API_BASE || undefined });
}
