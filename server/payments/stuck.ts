import 'server-only';
import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { depositPayments, noshowCharges } from '@/server/db/schema';

/** Rows matching a condition, in one pass over the table. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition})`;

/** A row due this long ago and still not settled: the sweep is not taking it up (it is not running, or it fails). */
export const OVERDUE_MS = 10 * 60_000;

/**
 * The money rows `/api/health` reports (docs/operations.md): deposits being refunded, no-show fees
 * being charged or refunded.
 * - `retrying`: a call failed at least once and is scheduled again;
 * - `overdue`: due more than 10 minutes ago (or never scheduled) and still not settled: stuck;
 * - `failed`: ended failed and flagged to the venue, to settle by hand (a declined card is not
 *   counted: the sheet shows it, and nothing is owed);
 * - `failingRefunds`: the deposits among them being retried or ended failed.
 */
export async function moneyRows(db: Db, now: Date): Promise<{ retrying: number; overdue: number; failed: number; failingRefunds: number }> {
  const late = new Date(now.getTime() - OVERDUE_MS);
  const [deposits] = await db
    .select({
      retrying: countWhere(and(eq(depositPayments.status, 'refunding'), gt(depositPayments.refundAttempts, 0))),
      overdue: countWhere(and(eq(depositPayments.status, 'refunding'), or(isNull(depositPayments.nextRefundAt), lt(depositPayments.nextRefundAt, late)))),
      failed: countWhere(eq(depositPayments.status, 'failed')),
    })
    .from(depositPayments)
    .where(inArray(depositPayments.status, ['refunding', 'failed']));
  const open = inArray(noshowCharges.status, ['charging', 'refunding']);
  const [fees] = await db
    .select({
      retrying: countWhere(and(open, gt(noshowCharges.attempts, 0))),
      overdue: countWhere(and(open, or(isNull(noshowCharges.nextAttemptAt), lt(noshowCharges.nextAttemptAt, late)))),
      failed: countWhere(and(inArray(noshowCharges.status, ['failed', 'refund_failed']), isNotNull(noshowCharges.flaggedAt))),
    })
    .from(noshowCharges)
    .where(inArray(noshowCharges.status, ['charging', 'refunding', 'failed', 'refund_failed']));
  const n = (v: unknown) => Number(v ?? 0);
  return {
    retrying: n(deposits?.retrying) + n(fees?.retrying),
    overdue: n(deposits?.overdue) + n(fees?.overdue),
    failed: n(deposits?.failed) + n(fees?.failed),
    failingRefunds: n(deposits?.retrying) + n(deposits?.failed),
  };
}

/** Deposits whose refund is failing: retried, or ended failed for the venue to settle (the older `failingRefunds` field of `/api/health`). */
export async function failingRefunds(db: Db, now: Date): Promise<number> {
  return (await moneyRows(db, now)).failingRefunds;
}
