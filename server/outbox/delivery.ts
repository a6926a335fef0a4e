import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/client';
import { outbox, type OutboxRow } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';
import type { MailTransport } from './transport';
import { now as clockNow } from '@/server/clock';

export const MAX_ATTEMPTS = 12;
const BATCH_SIZE = 20;
const BASE_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60_000;
/** A claimed message is not claimed again for this long, so a crashed sender's batch comes back. */
const LEASE_MS = 2 * 60_000;

/** Delay before the next try after `attempts` failures: 30 s, 1 min, 2 min, ... at most 1 hour. */
export function backoffMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_DELAY_MS);
}

/**
 * Claims due messages with a lease (one atomic UPDATE ... RETURNING with SKIP LOCKED), so
 * concurrent senders, in one process or several, never send a message twice.
 */
async function claim(db: Database, now: Date, batchSize: number): Promise<OutboxRow[]> {
  // Due by the server's clock (server/clock.ts), the one every row's time was written with.
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(batchSize)
    .for('update', { skipLocked: true });
  return db.update(outbox).set({ nextAttemptAt: leaseUntil }).where(sql`${outbox.id} in (${due})`).returning();
}

/** Sends what is due. A failure is retried later with backoff, and given up after MAX_ATTEMPTS. */
export async function deliverDue(
  db: Database,
  transport: MailTransport,
  options: { now?: Date; batchSize?: number } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const now = options.now ?? clockNow();
  const claimed = await claim(db, now, options.batchSize ?? BATCH_SIZE);
  const result = { sent: 0, failed: 0, retried: 0 };
  for (const message of claimed) {
    try {
      await transport.send(message);
      await db.update(outbox).set({ status: 'sent', sentAt: clockNow(), attempts: message.attempts + 1, lastError: null }).where(eq(outbox.id, message.id));
      log.info('outbox_sent', { id: message.id, template: message.template });
      result.sent++;
    } catch (error) {
      const attempts = message.attempts + 1;
      const giveUp = attempts >= MAX_ATTEMPTS;
      const reason = errorMessage(error).slice(0, 300);
      await db
        .update(outbox)
        .set({ attempts, lastError: reason, status: giveUp ? 'failed' : 'pending', nextAttemptAt: new Date(now.getTime() + backoffMs(attempts)) })
        .where(eq(outbox.id, message.id));
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
export function startDeliveryLoop(getDb: () => Promise<Database>, transport: MailTransport, intervalMs = 5000): () => Promise<void> {
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
