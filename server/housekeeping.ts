import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { rateLimits, reservations, slotHolds, smsChallenges } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';

/** Rate-limit windows are at most an hour; a day-old counter can only be stale. */
const RATE_LIMIT_KEEP_MS = 24 * 3_600_000;

/**
 * Tidies what time has made stale, so the tables hold only live rows:
 * - a suspended booking whose SMS code expired ends `failed` (the guest sees
 *   `suspendedError`, as `verifyCode` would answer), and its challenge goes;
 * - expired slot holds are deleted;
 * - rate-limit counters whose window ended a day ago are deleted.
 * Capacity never depended on this (expired codes and holds stop counting by their time);
 * it keeps the venue's data truthful and the tables small.
 */
export async function sweepStale(db: Database, now = new Date()) {
  // The booking and its challenge end together; holds and counters stand alone (short locks).
  const ended = await db.transaction(async (tx) => {
    const rows = await tx
      .update(reservations)
      .set({ status: 'failed', suspendedUntil: null, updatedAt: now })
      .where(and(eq(reservations.status, 'suspended'), lt(reservations.suspendedUntil, now)))
      .returning({ id: reservations.id });
    if (rows.length) await tx.delete(smsChallenges).where(inArray(smsChallenges.reservationId, rows.map((r) => r.id)));
    return rows;
  });
  for (const r of ended) log.warn('sms_code_refused', { reservationId: r.id, reason: 'expired', final: true });
  const holds = await db.delete(slotHolds).where(lt(slotHolds.expiresAt, now)).returning({ token: slotHolds.token });
  const counters = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - RATE_LIMIT_KEEP_MS)))
    .returning({ key: rateLimits.key });
  return { suspendedEnded: ended.length, holdsDeleted: holds.length, rateLimitsDeleted: counters.length };
}

const shared = globalThis as typeof globalThis & { __frontpageHousekeeping?: NodeJS.Timeout };

/** Runs the sweep every `intervalMs` (default 10 minutes) in this process; one timer per process. */
export function startHousekeeping(getDb: () => Promise<Database>, intervalMs = 600_000) {
  if (shared.__frontpageHousekeeping) return;
  const run = async () => {
    try {
      const swept = await sweepStale(await getDb());
      if (swept.suspendedEnded || swept.holdsDeleted || swept.rateLimitsDeleted) log.info('housekeeping_swept', swept);
    } catch (error) {
      log.error('housekeeping_failed', { error: errorMessage(error) });
    }
  };
  shared.__frontpageHousekeeping = setInterval(run, intervalMs);
  shared.__frontpageHousekeeping.unref();
}
