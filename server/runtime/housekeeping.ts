import 'server-only';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
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
import { deliverWalletChanges } from '@/server/wallet/delivery';
import { errorMessage, log } from '@/lib/log';
import { now as clockNow } from '@/server/clock';
import { markHousekeepingRun, observeHousekeepingStep } from '@/server/observability/observe';
import { secondsSince } from '@/server/observability/metrics';
import { withSpan } from '@/server/observability/tracing';

/**
 * How long a rate-limit counter is kept after its window started: a day, or the longest window
 * in force (the defaults, the environment's, every venue's: docs/security.md), so that no
 * counter is swept while its window still runs.
 */
async function rateLimitKeepMs(db: Db): Promise<number> {
  const rows = await db.select({ limits: venues.limits }).from(venues);
  const windows = LIMIT_NAMES.flatMap((name) => [limitFor(name).windowSeconds, ...rows.map((r) => limitFor(name, r.limits).windowSeconds)]);
  return Math.max(24 * 3600, ...windows) * 1000;
}

/** One step of the sweep: over one venue's rows (`venueId`), or over what belongs to no venue. */
type Step = { name: string; perVenue: boolean; run: (db: Db, now: Date, venueId?: number) => Promise<Record<string, number>> };

/**
 * Tidies what time has made stale, so the tables hold only live rows, in this order:
 * - a suspended booking whose SMS code expired ends `failed` (the guest sees
 *   `suspendedError`, as `verifyCode` would answer), and its challenge goes;
 * - expired slot holds are deleted;
 * - rate-limit counters older than the longest window in force (at least a day) are deleted;
 * - gift card orders left `pending` past their Checkout Session's expiry become `expired`
 *   (never a paid one; a late signed payment still creates the cards: `fulfil`).
 * - a table request still awaiting the venue past its deadline (`booking.pendingDeadline`) is
 *   declined, or confirmed where the venue set it so; guest and venue are told.
 * - every paid experience deposit ends used, refunded, or failed and flagged to the venue
 *   (server/payments/retry.ts);
 * - a no-show fee or fee refund whose time has come is made (same idempotency key), on the same rule;
 * - the reminders due (the day before each confirmed booking, at the venue's hour) go out, once.
 * - expired waiting-list offers pass to the next entry, and seats freed by anything above are
 *   offered to the waiting list (server/booking/waitlist.ts).
 * - idempotency keys past their 24 hours are deleted (server/backend/idempotency.ts).
 * - wallet pass changes not yet pushed to devices and Google are sent (server/wallet/delivery.ts).
 * Capacity never depended on this (expired codes and holds stop counting by their time);
 * it keeps the venue's data truthful and the tables small.
 */
export const STEPS: Step[] = [
  {
    name: 'suspended',
    perVenue: true,
    run: async (db, now, venueId) => ({
      suspendedEnded: await db.transaction((tx) => endSuspended(tx, and(lt(reservations.suspendedUntil, now), venueId === undefined ? undefined : eq(reservations.venueId, venueId))!, now, 'expired')),
    }),
  },
  // Holds and counters stand alone, outside any booking's transaction (short locks).
  { name: 'holds', perVenue: false, run: async (db, now) => ({ holdsDeleted: (await db.delete(slotHolds).where(lt(slotHolds.expiresAt, now)).returning({ token: slotHolds.token })).length }) },
  {
    name: 'rateLimits',
    perVenue: false,
    run: async (db, now) => ({ rateLimitsDeleted: (await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - (await rateLimitKeepMs(db))))).returning({ key: rateLimits.key })).length }),
  },
  { name: 'giftcardOrders', perVenue: true, run: async (db, now, venueId) => ({ giftcardOrdersExpired: await expireAbandonedOrders(db, now, venueId) }) },
  { name: 'pendingDeadline', perVenue: true, run: async (db, now, venueId) => ({ pendingAnswered: await answerOverduePending(db, now, venueId) }) },
  { name: 'deposits', perVenue: true, run: (db, now, venueId) => sweepDeposits(db, now, undefined, venueId) },
  { name: 'noshowFees', perVenue: true, run: (db, now, venueId) => sweepNoShowCharges(db, now, undefined, venueId) },
  { name: 'reminders', perVenue: true, run: async (db, now, venueId) => ({ remindersSent: await sendReminders(db, now, venueId) }) },
  // After holds, codes and requests ended: their seats, and those of expired offers, go to the waiting lists.
  { name: 'waitlists', perVenue: true, run: async (db, now, venueId) => ({ waitlistOffersMade: await sweepWaitlists(db, now, venueId) }) },
  // Idempotency keys kept 24 hours (server/backend/idempotency.ts).
  { name: 'idempotencyKeys', perVenue: false, run: async (db, now) => ({ idempotencyKeysDeleted: await pruneIdempotencyKeys(db, now) }) },
  // Wallet pass changes whose push or Google update failed are sent again (server/wallet/delivery.ts).
  { name: 'walletChanges', perVenue: false, run: async (db) => ({ walletChangesDelivered: await deliverWalletChanges(db) }) },
];

/** What one pass did, by kind. */
export type SweepCounts = Record<'suspendedEnded' | 'holdsDeleted' | 'rateLimitsDeleted' | 'giftcardOrdersExpired' | 'pendingAnswered' | 'depositsRefunded' | 'depositRefundsFailed' | 'noshowFeesSettled' | 'noshowFeesRefunded' | 'remindersSent' | 'waitlistOffersMade' | 'idempotencyKeysDeleted' | 'walletChangesDelivered', number>;

export type SweepFailure = { step: string; venueId: number | null; error: string };
/**
 * One pass of the sweep. Each step runs on its own, and each venue's part of a step on its own
 * (issue 41): an error there is logged (`housekeeping_step_failed`), counted (`/api/health`,
 * `housekeeping`), and every other step and venue goes on. A step made per venue runs once for
 * all venues (a few statements, however many venues there are); only when that pass fails is it
 * run again venue by venue, to find the one that fails and let the others through (the steps
 * take what is due, so what the failed pass did is not done twice).
 */
export async function sweepStale(db: Db, now = clockNow(), steps: Step[] = STEPS): Promise<SweepCounts & { failures: SweepFailure[] }> {
  const counts: SweepCounts = { suspendedEnded: 0, holdsDeleted: 0, rateLimitsDeleted: 0, giftcardOrdersExpired: 0, pendingAnswered: 0, depositsRefunded: 0, depositRefundsFailed: 0, noshowFeesSettled: 0, noshowFeesRefunded: 0, remindersSent: 0, waitlistOffersMade: 0, idempotencyKeysDeleted: 0, walletChangesDelivered: 0 };
  const failures: SweepFailure[] = [];
  const add = (part: Record<string, number>) => {
    for (const [key, n] of Object.entries(part)) counts[key as keyof SweepCounts] = (counts[key as keyof SweepCounts] ?? 0) + n;
  };
  const attempt = async (step: Step, venueId: number | undefined, failed: (error: unknown) => void) => {
    try {
      add(await step.run(db, now, venueId));
      return true;
    } catch (error) {
      failed(error);
      return false;
    }
  };
  const failure = (step: Step, venueId: number | null) => (error: unknown) => {
    failures.push({ step: step.name, venueId, error: errorMessage(error) });
    log.error('housekeeping_step_failed', { step: step.name, venueId, error: errorMessage(error) });
  };
  const run = async (step: Step) => {
    if (!step.perVenue) {
      await attempt(step, undefined, failure(step, null));
      return;
    }
    const whole = await attempt(step, undefined, (error) => log.warn('housekeeping_step_retried_per_venue', { step: step.name, error: errorMessage(error) }));
    if (whole) return;
    const venueIds = await db
      .select({ id: venues.id })
      .from(venues)
      .orderBy(venues.id)
      .then((rows) => rows.map((r) => r.id))
      .catch((error: unknown) => (failure(step, null)(error), []));
    for (const venueId of venueIds) await attempt(step, venueId, failure(step, venueId));
  };
  for (const step of steps) {
    const started = performance.now();
    const before = failures.length;
    await withSpan(`housekeeping ${step.name}`, { 'frontpage.housekeeping.step': step.name }, () => run(step));
    observeHousekeepingStep(step.name, secondsSince(started), failures.length - before);
  }
  recordRun(now, failures);
  markHousekeepingRun(clockNow());
  return { ...counts, failures };
}

/** What /api/health tells of the sweep in this process (docs/operations.md, "Housekeeping"). */
export type HousekeepingHealth = { lastRunAt: string | null; lastRunFailures: number; failuresSinceStart: number; lastFailure: (SweepFailure & { at: string }) | null };

const state = globalThis as typeof globalThis & { __frontpageHousekeepingHealth?: HousekeepingHealth };
const health = () => (state.__frontpageHousekeepingHealth ??= { lastRunAt: null, lastRunFailures: 0, failuresSinceStart: 0, lastFailure: null });

function recordRun(now: Date, failures: SweepFailure[]) {
  const h = health();
  h.lastRunAt = now.toISOString();
  h.lastRunFailures = failures.length;
  h.failuresSinceStart += failures.length;
  if (failures.length) h.lastFailure = { ...failures[failures.length - 1], at: now.toISOString() };
}

export const housekeepingHealth = (): HousekeepingHealth => ({ ...health() });

type Housekeeping = { timer: NodeJS.Timeout; current?: Promise<void> };
const shared = globalThis as typeof globalThis & { __frontpageHousekeeping?: Housekeeping };

/**
 * Runs the sweep every `intervalMs` in this process (one timer per process): a minute by
 * default (`HOUSEKEEPING_INTERVAL_MS`), so a waiting-list offer passes on soon after it expires.
 */
export function startHousekeeping(getDb: () => Promise<Db>, intervalMs = Number(process.env.HOUSEKEEPING_INTERVAL_MS) || 60_000) {
  if (shared.__frontpageHousekeeping) return;
  const sweep = async () => {
    try {
      const { failures, ...counts } = await sweepStale(await getDb());
      if (Object.values(counts).some((n) => n > 0) || failures.length) log.info('housekeeping_swept', { ...counts, failures: failures.length });
    } catch (error) {
      log.error('housekeeping_failed', { error: errorMessage(error) });
    }
  };
  const timer: Housekeeping = {
    timer: setInterval(() => {
      timer.current ??= sweep().finally(() => (timer.current = undefined));
    }, intervalMs),
  };
  timer.timer.unref();
  shared.__frontpageHousekeeping = timer;
}

/** Stops the sweep and waits for one in progress (graceful shutdown). */
export async function stopHousekeeping(): Promise<void> {
  const state = shared.__frontpageHousekeeping;
  if (!state) return;
  clearInterval(state.timer);
  shared.__frontpageHousekeeping = undefined;
  await state.current;
}
