import { CLAIM_GRACE_MS, KEY_WINDOW_MS, MAX_ATTEMPTS, dueAfterClaim, keyExpired, nextRetryAt, retryDelayMs } from '@/server/payments/retry';

const claim = new Date('2030-01-15T12:00:00Z');

/** Issue 41: the retry schedule of a money row, as docs/payments.md ("Retries") states it. */
describe('the retry schedule of a money row', () => {
  it('is due 2 minutes after its claim, then backs off 1, 2, 4... minutes, at most 4 hours apart', () => {
    expect(dueAfterClaim(claim).getTime() - claim.getTime()).toBe(CLAIM_GRACE_MS);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 240, 240]);
  });

  it('ends after 10 attempts, the last well inside the 24 hours Stripe keeps a key', () => {
    let at = dueAfterClaim(claim);
    const attempts = [at];
    for (let failed = 1; ; failed++) {
      const next = nextRetryAt(failed, claim, at);
      if (!next) break;
      attempts.push((at = next));
    }
    expect(attempts).toHaveLength(MAX_ATTEMPTS);
    const last = attempts.at(-1)!.getTime() - claim.getTime();
    expect(last / 60_000).toBe(2 + 1 + 2 + 4 + 8 + 16 + 32 + 64 + 128 + 240);
    expect(last).toBeLessThan(KEY_WINDOW_MS);
    expect(KEY_WINDOW_MS).toBeLessThan(24 * 3600_000);
  });

  it('never schedules an attempt past the key window, and reads a claim older than it as a key to look up, not to use', () => {
    const late = new Date(claim.getTime() + KEY_WINDOW_MS - 30_000);
    expect(nextRetryAt(1, claim, late)).toBeNull();
    expect(keyExpired(claim, new Date(claim.getTime() + KEY_WINDOW_MS - 1))).toBe(false);
    expect(keyExpired(claim, new Date(claim.getTime() + KEY_WINDOW_MS))).toBe(true);
  });
});
