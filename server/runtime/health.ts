import 'server-only';
import { count, eq, min } from 'drizzle-orm';
import { getDatabaseHandle, pingDatabase } from '@/server/db/client';
import type { Db } from '@/server/db/types';
import { outbox } from '@/server/db/schema';
import { config } from '@/server/runtime/config';
import { isShuttingDown } from '@/server/runtime/shutdown';
import { now as clockNow } from '@/server/clock';
import { errorMessage, log } from '@/lib/log';
import { moneyRows } from '@/server/payments/stuck';
import { housekeepingHealth, type HousekeepingHealth } from '@/server/runtime/housekeeping';
import { localStandIns, providersFromEnv, type LocalStandIn, type Providers } from '@/server/runtime/providers';

export { localStandIns, providersFromEnv, type LocalStandIn, type Providers } from '@/server/runtime/providers';

const TIMEOUT_MS = 3000;

export interface OutboxBacklog {
  /** Messages waiting to be sent (`pending`, including those being sent right now). */
  queued: number;
  /** Messages given up after every attempt. */
  failed: number;
  /** Age of the oldest queued message, in seconds; null when nothing is queued. */
  oldestQueuedSeconds: number | null;
}

export interface Health {
  /** `ok`: ready for traffic; `unavailable`: the database does not answer; `shuttingDown`: SIGTERM received. */
  status: 'ok' | 'unavailable' | 'shuttingDown';
  /** `closing` during a shutdown: the database is closed once the requests in flight are answered. */
  database: { status: 'up' | 'down' | 'closing'; driver: 'pglite' | 'postgres' };
  backend: 'builtin' | 'legacy';
  outbox: OutboxBacklog | null;
  /** Experience deposits whose refund is failing: being retried, or ended failed for the venue to settle (docs/payments.md). */
  failingRefunds: number | null;
  /**
   * Every money row claimed for an outside call (deposit refunds, no-show fees and their refunds):
   * `retrying` (failed at least once, scheduled again), `overdue` (due over 10 minutes ago and not
   * settled: the sweep is not taking it up), `failed` (ended failed, the venue e-mailed).
   */
  payments: { retrying: number; overdue: number; failed: number } | null;
  /** The housekeeping sweep in this process: its last run, and the steps or venues that failed in it and since start. */
  housekeeping: HousekeepingHealth;
  providers: Providers;
  /** The providers running as this site's local stand-ins (empty when every one is real). */
  localStandIns: LocalStandIn[];
}

/** Queued and failed outbox messages, and how long the oldest queued one has waited. */
export async function outboxBacklog(db: Db, now = clockNow()): Promise<OutboxBacklog> {
  const [queued] = await db.select({ n: count(), oldest: min(outbox.createdAt) }).from(outbox).where(eq(outbox.status, 'pending'));
  const [failed] = await db.select({ n: count() }).from(outbox).where(eq(outbox.status, 'failed'));
  const oldest = queued?.oldest ? new Date(queued.oldest) : null;
  return {
    queued: Number(queued?.n ?? 0),
    failed: Number(failed?.n ?? 0),
    oldestQueuedSeconds: oldest ? Math.max(0, Math.round((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timed out')), TIMEOUT_MS).unref()),
  ]);
}

/**
 * Readiness, `GET /api/health`: the database answers within 3 s and the process is not
 * shutting down. Also reports the outbox backlog and the providers (docs/operations.md).
 */
export async function checkHealth(): Promise<Health> {
  const driver = config.databaseUrl ? 'postgres' : 'pglite';
  const providers = providersFromEnv();
  const common = { backend: config.backendUrl ? ('legacy' as const) : ('builtin' as const), providers, localStandIns: localStandIns(providers), housekeeping: housekeepingHealth() };
  if (isShuttingDown()) return { status: 'shuttingDown', database: { status: 'closing', driver }, outbox: null, failingRefunds: null, payments: null, ...common };
  try {
    const backlog = await withTimeout(
      getDatabaseHandle().then(async (h) => {
        await pingDatabase(h.db);
        const { failingRefunds, ...payments } = await moneyRows(h.db, clockNow());
        return { outbox: await outboxBacklog(h.db), failingRefunds, payments };
      }),
    );
    return { status: 'ok', database: { status: 'up', driver }, ...backlog, ...common };
  } catch (error) {
    log.error('health_check_failed', { error: errorMessage(error) });
    return { status: 'unavailable', database: { status: 'down', driver }, outbox: null, failingRefunds: null, payments: null, ...common };
  }
}

/** Liveness, `GET /api/health/live`: the process answers; the database is not touched. */
export function checkLiveness() {
  return { status: isShuttingDown() ? ('shuttingDown' as const) : ('ok' as const), uptimeSeconds: Math.round(process.uptime()) };
}
