import 'server-only';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { outbox, type OutboxRow } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';
import type { MailTransport } from './transport';
import { now as clockNow } from '@/server/clock';
import { sendObserved } from '@/server/observability/observe';

export const MAX_ATTEMPTS = 12;
const BATCH_SIZE = 20;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
/**
 * A claimed message is not claimed again for this long, so a crashed sender's message comes
 * back; while it is being sent, its sender renews the lease every RENEW_MS.
 */
const LEASE_MS = 2 * 60_000;
const RENEW_MS = 30_000;

/** Delay before the next try after `attempts` failures: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
}

/**
 * Claims the next due message with a lease (one atomic UPDATE ... RETURNING with SKIP LOCKED),
 * so concurrent senders, in one process or several, never send a message twice. One at a
 * time (issue 21): a lease covers only the message being sent, never a batch waiting behind
 * a slow SMTP server.
 */
async function claimOne(db: Db, now: Date, leaseMs: number): Promise<OutboxRow | null> {
  // Due by the server's clock (server/clock.ts), the one every row's time was written with.
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db.update(outbox).set({ nextAttemptAt: leaseUntil }).where(sql`${outbox.id} in (${due})`).returning();
  return row ?? null;
}

/**
 * Keeps the lease of a message being sent: every `renewMs`, pushes it `leaseMs` past now, as
 * long as this sender still holds it. `stop` waits for a renewal under way, and tells whether
 * the lease was held throughout (the message is then marked by this sender).
 */
function holdLease(db: Db, message: OutboxRow, leaseMs: number, renewMs: number) {
  let lease = message.nextAttemptAt;
  let held = true;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      if (!held) return;
      const next = new Date(clockNow().getTime() + leaseMs);
      const [row] = await db
        .update(outbox)
        .set({ nextAttemptAt: next })
        .where(and(eq(outbox.id, message.id), eq(outbox.status, 'pending'), eq(outbox.nextAttemptAt, lease)))
        .returning({ id: outbox.id });
      if (row) lease = next;
      else held = false;
    }).catch((error) => log.warn('outbox_lease_renew_failed', { id: message.id, error: errorMessage(error) }));
  }, renewMs);
  timer.unref();
  return {
    /** The lease's current end, to mark the message only while it is still ours. */
    lease: () => lease,
    stop: async () => {
      clearInterval(timer);
      await renewing;
      return held;
    },
  };
}

/**
 * Sends what is due, one message at a time, up to `batchSize`. A failure is retried later with
 * backoff, and given up after MAX_ATTEMPTS. `now` fixes the time of every claim (tests);
 * otherwise each claim takes the server's clock.
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  options: { now?: Date; batchSize?: number; leaseMs?: number; renewMs?: number } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const result = { sent: 0, failed: 0, retried: 0 };
  for (let n = 0; n < (options.batchSize ?? BATCH_SIZE); n++) {
    const now = options.now ?? clockNow();
    const message = await claimOne(db, now, leaseMs);
    if (!message) break;
    const lease = holdLease(db, message, leaseMs, options.renewMs ?? RENEW_MS);
    let failure: unknown = null;
    try {
      await sendObserved(transport, message, message.attempts + 1 >= MAX_ATTEMPTS);
    } catch (error) {
      failure = error ?? new Error('send failed');
    }
    const held = await lease.stop();
    // Marked only while still ours: a sender whose lease was lost (a stalled process) changes nothing.
    const ours = and(eq(outbox.id, message.id), eq(outbox.status, 'pending'), eq(outbox.nextAttemptAt, lease.lease()));
    if (!failure) {
      await db.update(outbox).set({ status: 'sent', sentAt: clockNow(), attempts: message.attempts + 1, lastError: null }).where(ours);
      if (!held) log.warn('outbox_lease_lost', { id: message.id, template: message.template });
      log.info('outbox_sent', { id: message.id, template: message.template });
      result.sent++;
    } else {
      const attempts = message.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      const reason = errorMessage(failure).slice(0, 300);
      await db
        .update(outbox)
        .set({ attempts, lastError: reason, status: giveUp ? 'failed' : 'pending', nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) })
        .where(ours);
      log.warn('outbox_send_failed', { id: message.id, template: message.template, attempts, giveUp });
      if (giveUp) result.failed++;
      else result.retried++;
    }
  }
  return result;
}

type Loop = { stop: () => Promise<void>; kick: () => void };
const shared = globalThis as typeof globalThis & { __frontpageOutbox?: Loop };

/**
 * The process's delivery loop: every `intervalMs`, and at once when kicked after a change.
 * Runs never overlap; one loop per process even across dev hot reloads. The returned
 * `stop` ends the loop and resolves when a pass in progress has finished, so a message
 * being sent is marked sent (not sent again when its lease runs out).
 */
export function startDeliveryLoop(getDb: () => Promise<Db>, transport: MailTransport, intervalMs = 5000): () => Promise<void> {
  if (shared.__frontpageOutbox) return shared.__frontpageOutbox.stop;
  let current: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const pass = async () => {
    try {
      do {
        again = false;
        const { sent, retried, failed } = await deliverDue(await getDb(), transport, { batchSize: BATCH_SIZE });
        // A full batch means more may be due; a kick during the run asks for another pass.
        if (sent + retried + failed >= BATCH_SIZE) again = true;
      } while (again && !stopped);
    } catch (error) {
      log.error('outbox_loop_failed', { error: errorMessage(error) });
    } finally {
      current = undefined;
    }
  };
  const run = () => {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    current = pass();
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  let kickTimer: NodeJS.Timeout | undefined;
  const loop: Loop = {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (kickTimer) clearTimeout(kickTimer);
      if (shared.__frontpageOutbox === loop) shared.__frontpageOutbox = undefined;
      await current;
    },
    kick: () => {
      if (kickTimer || stopped) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        run();
      }, 50);
      kickTimer.unref();
    },
  };
  shared.__frontpageOutbox = loop;
  log.info('outbox_loop_started', { transport: transport.describe, intervalMs });
  return loop.stop;
}

/** Asks the delivery loop (if this process runs one) to look for new messages now. */
export function kickDelivery(): void {
  shared.__frontpageOutbox?.kick();
}

/** Stops this process's delivery loop, if it runs one, after the pass in progress (graceful shutdown). */
export async function stopDeliveryLoop(): Promise<void> {
  await shared.__frontpageOutbox?.stop();
}
