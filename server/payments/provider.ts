import 'server-only';
import { getDb } from '@/server/db/client';
import { stripeProviderFromEnv } from '@/lib/payments/stripe';
import type { GuaranteeProvider } from '@/lib/payments/types';
import { localProvider } from './local';

const shared = globalThis as typeof globalThis & { __frontpageLocalPayments?: ReturnType<typeof localProvider> };

/** The local test provider of this process. */
export function localPayments() {
  return (shared.__frontpageLocalPayments ??= localProvider(getDb));
}

/** Stripe when `STRIPE_SECRET_KEY` is set (docs/payments.md), the local test provider otherwise. */
export function guaranteeProvider(): GuaranteeProvider {
  return stripeProviderFromEnv() ?? localPayments();
}

