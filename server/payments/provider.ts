import 'server-only';
import { getDb } from '@/server/db/client';
import { stripeProviderFromEnv } from '@/lib/payments/stripe';
import type { GuaranteeProvider, PaymentStart, StartedPayment } from '@/lib/payments/types';
import type { VenueRow } from '@/server/db/schema';
import { localProvider } from './local';
import { observedProvider } from '@/server/observability/observe';

const shared = globalThis as typeof globalThis & { __frontpageLocalPayments?: ReturnType<typeof localProvider> };

/**
 * The mirror row of a payment just started (a card setup or a deposit), as both tables keep it:
 * the venue, the provider and its reference, the secret the local provider's form shows, the
 * amount; the venue's slug joins the metadata the provider was given.
 */
export function startedMirror(venue: VenueRow, kind: 'stripe' | 'local', created: StartedPayment, input: PaymentStart) {
  return {
    venueId: venue.id,
    provider: kind,
    reference: created.reference,
    clientSecret: kind === 'local' ? created.clientSecret : null,
    status: 'requires_payment_method',
    amountCents: input.amountCents,
    currency: input.currency,
  };
}

/** The metadata a payment is started with: the caller's, and the venue's slug. */
export const venueMetadata = (venue: VenueRow, metadata: Record<string, string>) => ({ ...metadata, venue: venue.slug });

/** The local test provider of this process. */
export function localPayments() {
  return (shared.__frontpageLocalPayments ??= localProvider(getDb));
}

/** Stripe when `STRIPE_SECRET_KEY` is set (docs/payments.md), the local test provider otherwise. */
export function guaranteeProvider(): GuaranteeProvider {
  return observedProvider(stripeProviderFromEnv() ?? localPayments());
}

