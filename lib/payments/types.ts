/**
 * Card guarantees: a card is saved (never charged) for a reservation. Stripe SetupIntents
 * when keys are configured, the local test provider otherwise; both behind this interface.
 */

/** Stripe's SetupIntent states, which the local provider mirrors. */
export type SetupStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

export type CardSetup = {
  /** `seti_...` for Stripe, `lseti_...` for the local provider. */
  reference: string;
  status: SetupStatus;
  /** The saved payment method (`pm_...`) once the setup succeeded. */
  paymentMethod: string | null;
  /** The provider's last error code, e.g. `card_declined`, when the last attempt failed. */
  lastError: string | null;
  metadata: Record<string, string>;
};

/** A verified webhook event about a card setup. */
export type PaymentEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  setup: CardSetup | null;
};

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** What the browser needs to collect a card. */
export type PublicPaymentConfig = { kind: 'stripe'; publishableKey: string | null } | { kind: 'local' };

export interface GuaranteeProvider {
  readonly kind: 'stripe' | 'local';
  publicConfig(): PublicPaymentConfig;
  /** Starts saving a card: a SetupIntent (usage off_session, card only). */
  createSetup(input: { amountCents: number; currency: string; email: string; description: string; metadata: Record<string, string> }): Promise<{ reference: string; clientSecret: string }>;
  /** The setup as the provider sees it now; `null` when the provider does not know it. */
  retrieveSetup(reference: string): Promise<CardSetup | null>;
  /** Checks a webhook's signature (and its age) and returns the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): PaymentEvent;
}

/**
 * How long a paid experience deposit whose booking was refused (a missing field, the bot check,
 * an option no longer offered...) stays usable by a corrected retry of the same booking; past
 * it, or when the guest closed the tab after paying, the sweep refunds it in full
 * (docs/payments.md, "Every deposit ends used or refunded").
 */
export const DEPOSIT_RETRY_MINUTES = 30;
