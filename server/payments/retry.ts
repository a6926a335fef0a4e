import 'server-only';
import { PermanentPaymentError } from '@/lib/payments/types';

/**
 * The retry rule of every money row claimed for an outside call: a deposit's refund, a no-show
 * fee's charge, a fee's refund (docs/payments.md, "Retries"; issue 41).
 *
 * - The claim (the transaction that marks the row `refunding` or `charging`) also schedules it:
 *   `nextAttemptAt = claim + 2 minutes`. The caller makes the call at once after the commit; should
 *   it die between the commit and the call, the sweep makes it from then on.
 * - A failed call is tried again after 1, 2, 4, 8... minutes, at most 4 hours apart, 10 attempts in
 *   all (the last about 8 h 17 min after the claim), and never past 20 hours after the claim: then
 *   the row ends failed, the venue is e-mailed once and `/api/health` counts it.
 * - Every retry carries the first call's idempotency key, which Stripe keeps about 24 hours. A row
 *   whose claim is older than KEY_WINDOW_MS (the sweep did not run: the site was down) is never
 *   called again: the provider is asked whether the call was made (the payment looked up by its
 *   metadata), and a success found is a success; otherwise the row ends failed.
 * - A refusal no retry changes (PermanentPaymentError: a detached card, a missing resource) ends the
 *   row failed at once.
 */
export const CLAIM_GRACE_MS = 2 * 60_000;
export const MAX_ATTEMPTS = 10;
export const MAX_DELAY_MS = 4 * 3600_000;
/** How long a claim's idempotency key is used: well inside the 24 hours Stripe keeps it. */
export const KEY_WINDOW_MS = 20 * 3600_000;

/** When the sweep takes up a row just claimed, should its caller not settle it. */
export const dueAfterClaim = (now: Date) => new Date(now.getTime() + CLAIM_GRACE_MS);

/** The pause after the n-th failed attempt. */
export const retryDelayMs = (attempts: number) => Math.min(MAX_DELAY_MS, 60_000 * 2 ** Math.max(0, attempts - 1));

/** After `attempts` failed attempts: when to try again, or null when the row ends failed. */
export function nextRetryAt(attempts: number, claimedAt: Date, now: Date): Date | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  const at = new Date(now.getTime() + retryDelayMs(attempts));
  return at.getTime() - claimedAt.getTime() >= KEY_WINDOW_MS ? null : at;
}

/** Whether the claim's key may be older than the provider keeps it: look the call up, do not make it. */
export const keyExpired = (claimedAt: Date, now: Date) => now.getTime() - claimedAt.getTime() >= KEY_WINDOW_MS;

/** A provider's error as the row records it. */
export const errorCode = (error: unknown) => (error instanceof PermanentPaymentError ? error.code : 'provider_unreachable');
export const isPermanent = (error: unknown) => error instanceof PermanentPaymentError;
