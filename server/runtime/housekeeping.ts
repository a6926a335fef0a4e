import 'server-only';
import { lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rateLimits, reservations, slotHolds, venues } from '@/server/db/schema';
import { LIMIT_NAMES, limitFor } from '@/server/limits/config';
import { endSuspended } from '@/server/booking/sms';
import { expireAbandonedOrders } from '@/server/giftcards/expiry';
import { answerOverduePending } from '@/server/staff/deadline';
import { sweepDeposits } from '@/server/payments/deposit';
import { sweepNoShowCharges } from '@/server/payments/noshow';
import { sendReminders } from '@/server/booking/reminders';
import { sweepWaitlists } from '@/server/booking/waitlist';
import { pruneIdempotencyKeys } from '@/server/backend/idempotency';
import { errorMessage, log } from '@/lib/log';
import { now as clockNow } from '@/server/clock';

/**
 * How long a rate-limit counter is kept after its window started: a day, or the longest window
 * in force (the defaults, the environment's, every venue's: docs/security.md), so that no
 * counter is swept while its window still runs.
 */
async function rateLimitKeepMs(db: Database): Promise<number> {
  const rows = await db.select({ limits: venues.limits }).from(venues);
  const windows = LIMIT_NAMES.flatMap((name) => [limitFor(name).windowSeconds, ...rows.map((r) => limitFor(name, r.limits).windowSeconds)]);
  return Math.max(24 * 3600, ...windows) * 1000;
}

/**
 * Tidies what time has made stale, so the tables hold only live rows:
 * - a suspended booking whose SMS code expired ends `failed` (the guest sees
 *   `suspendedError`, as `verifyCode` would answer), and its challenge goes;
 * - expired slot holds are deleted;
 * - rate-limit counters older than the longest window in force (at least a day) are deleted;
 * - gift card orders left `pending` past their Checkout Session's expiry become `expired`
 *   (never a paid one; a late signed payment still creates the cards: `fulfil`).
 * - a table request still awaiting the venue past its deadline (`booking.pendingDeadline`) is
 *   declined, or confirmed where the venue set it so; guest and venue are told.
 * - every paid experience deposit ends used or refunded: unclaimed past its retry time it is
 *   refunded, and failed refunds are retried with backoff, then flagged to the venue.
 * - a no-show fee the provider did not answer for is charged again (same idempotency key),
 *   and a fee refund that failed is tried again, with backoff.
 * - the reminders due (the day before each confirmed booking, at the venue's hour) go out, once.
 * - expired waiting-list offers pass to the next entry, and seats freed by anything above are
 *   offered to the waiting list (server/booking/waitlist.ts).
 * - idempotency keys past their 24 hours are deleted (server/backend/idempotency.ts).
 * Capacity never depended on this (expired codes and holds stop counting by their time);
 * it keeps the venue's data truthful and the tables small.
 */
export async function sweepStale(db: Database, now = clockNow()) {
  const suspendedEnded = await db.transaction((tx) => endSuspended(tx as unknown as Database, lt(reservations.suspendedUntil, now), now, 'expired'));
  // Holds and counters stand alone, outside any booking's transaction (short locks).
  const holds = await db.delete(slotHolds).where(lt(slotHolds.expiresAt, now)).returning({ token: slotHolds.token });
  const counters = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - (await rateLimitKeepMs(db)))))
    .returning({ key: rateLimits.key });
  const giftcardOrdersExpired = await expireAbandonedOrders(db, now);
  const pendingAnswered = await answerOverduePending(db, now);
  const deposits = await sweepDeposits(db, now);
  const fees = await sweepNoShowCharges(db, now);
  const remindersSent = await sendReminders(db, now);
  // After holds, codes and requests ended: their seats, and those of expired offers, go to the waiting lists.
  const waitlistOffersMade = await sweepWaitlists(db, now);
  const idempotencyKeysDeleted = await pruneIdempotencyKeys(db, now);
  return { suspendedEnded, holdsDeleted: holds.length, rateLimitsDeleted: counters.length, giftcardOrdersExpired, pendingAnswered, ...deposits, ...fees, remindersSent, waitlistOffersMade, idempotencyKeysDeleted };
}

type Housekeeping = { timer: NodeJS.Timeout; current?: Promise<void> };
const shared = globalThis as typeof globalThis & { __frontpageHousekeeping?: Housekeeping };

/**
 * Runs the sweep every `intervalMs` in this process (one timer per process): a minute by
 * default (`HOUSEKEEPING_INTERVAL_MS`), so a waiting-list offer passes on soon after it expires.
 */
export function startHousekeeping(getDb: () => Promise<Database>, intervalMs = Number(process.env.HOUSEKEEPING_INTERVAL_MS) || 60_000) {
  if (shared.__frontpageHousekeeping) return;
  const sweep = async () => {
    try {
      const swept = await sweepStale(await getDb());
      if (swept.suspendedEnded || swept.holdsDeleted || swept.rateLimitsDeleted || swept.giftcardOrdersExpired || swept.pendingAnswered || swept.depositsRefunded || swept.depositRefundsFailed || swept.noshowFeesSettled || swept.noshowFeesRefunded || swept.remindersSent || swept.waitlistOffersMade) log.info('housekeeping_swept', swept);
    } catch (error) {
      log.error('housekeeping_failed', { error: errorMessage(error) });
    }
  };
  const state: Housekeeping = {
    timer: setInterval(() => {
      state.current ??= sweep().finally(() => (state.current = undefined));
    }, intervalMs),
  };
  state.timer.unref();
  shared.__frontpageHousekeeping = state;
}

/** Stops the sweep and waits for one in progress (graceful shutdown). */
export async function stopHousekeeping(): Promise<void> {
  const state = shared.__frontpageHousekeeping;
  if (!state) return;
  clearInterval(state.timer);
  shared.__frontpageHousekeeping = undefined;
  await state.current;
}
