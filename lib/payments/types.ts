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
  /** Stripe's Customer the card is saved to (off-session charges need it); none for the local provider. */
  customer?: string | null;
};

/**
 * What an off-session charge (the no-show fee) came to: paid, declined (`failed`, with the
 * provider's code), or `requires_action` when the bank wants the guest to authenticate
 * (`clientSecret` lets their browser do it). A provider that could not be reached throws:
 * the caller retries with the same idempotency key.
 */
export type OffSessionCharge = { reference: string | null; status: 'succeeded' | 'requires_action' | 'failed'; error: string | null; clientSecret: string | null };

/** A verified webhook about an off-session charge (a PaymentIntent whose metadata says `kind: noshow`). */
export type ChargeEvent = { reference: string; status: 'succeeded' | 'failed' | 'requires_action'; error: string | null };

/** A verified webhook event about a card setup. */
export type PaymentEvent = {
  id: string;
  type: string;
  /** Seconds since the epoch, as Stripe sends it. */
  created: number;
  setup: CardSetup | null;
  charge?: ChargeEvent | null;
};

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** What a guarantee (a card saved) or a deposit (a card charged) is started with, and what the provider gives back. */
/** `locale`: the guest's language, for what the site tells them about the payment later (a refund). */
export type PaymentStart = { amountCents: number; currency: string; email: string; description: string; metadata: Record<string, string>; locale?: string };
export type StartedPayment = { reference: string; clientSecret: string };

/** What the browser needs to collect a card. */
export type PublicPaymentConfig = { kind: 'stripe'; publishableKey: string | null } | { kind: 'local' };

export interface GuaranteeProvider {
  readonly kind: 'stripe' | 'local';
  publicConfig(): PublicPaymentConfig;
  /** Starts saving a card: a SetupIntent (usage off_session, card only). */
  createSetup(input: PaymentStart): Promise<StartedPayment>;
  /** The setup as the provider sees it now; `null` when the provider does not know it. */
  retrieveSetup(reference: string): Promise<CardSetup | null>;
  /** Checks a webhook's signature (and its age) and returns the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: string, signatureHeader: string | null): PaymentEvent;
  /**
   * Charges a saved card with the guest away (the no-show fee): a PaymentIntent with
   * `off_session` and `confirm`, once per `idempotencyKey` (the same key gets the same intent).
   */
  chargeOffSession(input: { paymentMethod: string; customer: string | null; amountCents: number; currency: string; description: string; metadata: Record<string, string>; idempotencyKey: string }): Promise<OffSessionCharge>;
  /** Gives a charge back in full (once per reference). */
  refundCharge(reference: string): Promise<void>;
  /**
   * The off-session charge made with this idempotency key, looked up by the key the charge
   * carries in its metadata (`charge_key`), or null when none was made: asked instead of a retry
   * once the key may be older than the provider keeps it (server/payments/retry.ts).
   */
  findCharge(idempotencyKey: string): Promise<OffSessionCharge | null>;
  /** Whether a refund of this payment was made (succeeded or pending), looked up with the provider. */
  findRefund(reference: string): Promise<boolean>;
}

/**
 * A provider's answer that no retry will change (the request itself is refused: a detached or
 * unknown payment method, a missing resource, a charge that cannot be refunded): the row ends
 * `failed` at once. Any other error (network, 5xx, rate limit) is retried on the schedule.
 */
export class PermanentPaymentError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PermanentPaymentError';
  }
}

/**
 * How long a paid experience deposit whose booking was refused (a missing field, the bot check,
 * an option no longer offered...) stays usable by a corrected retry of the same booking; past
 * it, or when the guest closed the tab after paying, the sweep refunds it in full
 * (docs/payments.md, "Every deposit ends used or refunded").
 */
export const DEPOSIT_RETRY_MINUTES = 30;
