import 'server-only';
import { count, gt } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import { openedDatabaseHandle, type DatabaseHandle } from '@/server/db/client';
import { depositPayments, giftCardOrders, noshowCharges, slotHolds } from '@/server/db/schema';
import { outboxBacklog, type OutboxBacklog } from '@/server/runtime/health';
import { moneyRows } from '@/server/payments/stuck';
import { now as clockNow } from '@/server/clock';
import { errorMessage, log } from '@/lib/log';
import { metricsRegistry } from './metrics';

/**
 * What `/metrics` reads from the database at each scrape (docs/observability.md): the outbox
 * backlog, the money rows by state, the live holds, the pool's connections. The database is
 * shared by the instances of a region, so each instance reports the same numbers: the alert
 * rules take `max` over instances. One read per scrape, however many gauges show it.
 */
type Snapshot = {
  up: boolean;
  outbox: OutboxBacklog | null;
  money: { retrying: number; overdue: number; failed: number } | null;
  payments: { kind: string; state: string; n: number }[];
  liveHolds: number | null;
  pool: DatabaseHandle['pool'];
};

const TIMEOUT_MS = 3000;

async function read(): Promise<Snapshot> {
  const opened = openedDatabaseHandle();
  if (!opened) throw new Error('the database is not open');
  const handle = await opened;
  const db = handle.db;
  const now = clockNow();
  const byStatus = async (kind: string, table: typeof depositPayments | typeof noshowCharges | typeof giftCardOrders) =>
    (await db.select({ state: table.status, n: count() }).from(table).groupBy(table.status)).map((r) => ({ kind, state: String(r.state), n: Number(r.n) }));
  const [outbox, money, deposits, fees, giftcards, [holds]] = await Promise.all([
    outboxBacklog(db, now),
    moneyRows(db, now),
    byStatus('deposit', depositPayments),
    byStatus('noshow_fee', noshowCharges),
    byStatus('giftcard_order', giftCardOrders),
    db.select({ n: count() }).from(slotHolds).where(gt(slotHolds.expiresAt, now)),
  ]);
  return { up: true, outbox, money, payments: [...deposits, ...fees, ...giftcards], liveHolds: Number(holds?.n ?? 0), pool: handle.pool };
}

type Shared = { pending?: Promise<Snapshot>; at?: number; registered?: boolean };
const slot = globalThis as typeof globalThis & { __frontpageScrape?: Shared };
const state = () => (slot.__frontpageScrape ??= {});

/** This scrape's snapshot: read once and shared by the gauges for a second. */
function snapshot(): Promise<Snapshot> {
  const s = state();
  if (s.pending && s.at !== undefined && performance.now() - s.at < 1000) return s.pending;
  s.at = performance.now();
  s.pending = Promise.race([
    read(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('database timed out')), TIMEOUT_MS).unref()),
  ]).catch((error: unknown): Snapshot => {
    log.warn('metrics_database_read_failed', { error: errorMessage(error) });
    return { up: false, outbox: null, money: null, payments: [], liveHolds: null, pool: undefined };
  });
  return s.pending;
}

/** Registers the database gauges once per process. */
function registerDatabaseGauges() {
  const s = state();
  if (s.registered) return;
  s.registered = true;
  const registers = [metricsRegistry()];
  const gauge = <L extends string>(name: string, help: string, labelNames: readonly L[], set: (g: Gauge<L>, snap: Snapshot) => void) =>
    new Gauge<L>({
      name: `frontpage_${name}`,
      help,
      labelNames,
      registers,
      async collect() {
        this.reset();
        set(this, await snapshot());
      },
    });
  gauge('database_up', 'Whether the database answered this scrape (1) or not (0).', [], (g, snap) => g.set(snap.up ? 1 : 0));
  gauge('outbox_queued', 'Outbox messages waiting to be sent (shared by the instances of a region).', [], (g, snap) => snap.outbox && g.set(snap.outbox.queued));
  gauge('outbox_failed', 'Outbox messages given up after every attempt.', [], (g, snap) => snap.outbox && g.set(snap.outbox.failed));
  gauge('outbox_oldest_age_seconds', 'Age of the oldest queued outbox message (0 when none is queued).', [], (g, snap) => snap.outbox && g.set(snap.outbox.oldestQueuedSeconds ?? 0));
  gauge('payments_retrying', 'Money rows (deposit refunds, no-show fees and their refunds) whose provider call failed and is scheduled again.', [], (g, snap) => snap.money && g.set(snap.money.retrying));
  gauge('payments_overdue', 'Money rows due over 10 minutes ago and still not settled.', [], (g, snap) => snap.money && g.set(snap.money.overdue));
  gauge('payments_failed', 'Money rows ended failed and flagged to the venue, to settle by hand.', [], (g, snap) => snap.money && g.set(snap.money.failed));
  gauge('payments', 'Payment rows by kind (deposit, noshow_fee, giftcard_order) and state.', ['kind', 'state'] as const, (g, snap) => snap.payments.forEach((p) => g.set({ kind: p.kind, state: p.state }, p.n)));
  gauge('holds_live', 'Slot holds not yet expired.', [], (g, snap) => snap.liveHolds !== null && g.set(snap.liveHolds));
  gauge('db_pool_connections', "The PostgreSQL pool's connections of this instance, by state (total, idle, waiting: clients queued for one).", ['state'] as const, (g, snap) => {
    if (!snap.pool) return;
    g.set({ state: 'total' }, snap.pool.totalCount);
    g.set({ state: 'idle' }, snap.pool.idleCount);
    g.set({ state: 'waiting' }, snap.pool.waitingCount);
  });
  gauge('db_pool_max', "The PostgreSQL pool's size (DATABASE_POOL_SIZE).", [], (g, snap) => snap.pool && g.set(snap.pool.max));
}

/** The Prometheus text of this process. */
export async function metricsText(): Promise<{ body: string; contentType: string }> {
  registerDatabaseGauges();
  const register = metricsRegistry();
  return { body: await register.metrics(), contentType: register.contentType };
}
