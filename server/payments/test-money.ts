import 'server-only';

/**
 * Whether money a provider moved is test money (docs/payments.md, "Test money"): everything the
 * local test provider takes, and what Stripe takes under a test-mode key (`sk_test_…`,
 * `rk_test_…`: anything but a live key). Gift card orders record it when paid (`test`, from the
 * Checkout Session's `livemode`); deposits and no-show fees are read by their provider.
 */
export function isTestMoney(provider: string, secretKey = process.env.STRIPE_SECRET_KEY ?? ''): boolean {
  return provider !== 'stripe' || !/^(sk|rk)_live_/.test(secretKey.trim());
}

/** The provider of a payment reference: Stripe's PaymentIntents are `pi_…`; the local provider's `lpi_…` (deposits) and `lnpi_…` (fees). */
export const providerOfReference = (reference: string): 'local' | 'stripe' => (reference.startsWith('pi_') ? 'stripe' : 'local');

/** Whether a booking's payment (its PaymentIntent reference) was test money; no payment is none. */
export const isTestPayment = (reference: string | null | undefined): boolean => !!reference && isTestMoney(providerOfReference(reference));
