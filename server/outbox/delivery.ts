import 'server-only';
import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { outbox, type OutboxRow } from '@/server/db/schema';
import { errorMessage, log } from '@/lib/log';
import type { MailTransport } from './transport';
import { now as clockNow } from '@/server/clock';
import { sendObserved } from '@/server/observability/observe';

export const MAX_ATTEMPTS = 12;
const BATCH_SIZE = 20;
/**
 * Lanes of the delivery loop (issue 43): each claims its own batch (SKIP LOCKED) and sends it
 * one message at a time, side by side, so a message's wait (an SMTP round trip, a turn of a busy
 * event loop between the steps of writing it) holds back its own lane only. A pass claims
 * `BATCH_SIZE` messages in all, split between the lanes. `OUTBOX_LANES` (default 4).
 */
export const DEFAULT_LANES = 4;
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
 * Claims up to `limit` due messages with one lease, in one atomic statement
 * (`UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED LIMIT n) RETURNING`), so concurrent
 * senders, in one process or several, never claim a message twice (issue 42: one claim for a
 * batch, where there was one per message).
 */
async function claimDue(db: Db, now: Date, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  // Due by the server's clock (server/clock.ts), the one every row's time was written with.
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.update(outbox).set({ nextAttemptAt: leaseUntil }).where(sql`${outbox.id} in (${due})`).returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** A message tried by this sender: sent (`error` null) or failed, to mark with the others of its batch. */
type Finished = { message: OutboxRow; error: string | null; retryAt: Date };

const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * Marks the finished messages of a batch, sent and failed alike, in one statement (issue 42),
 * each only while this sender still holds its lease (`leases`): a sender whose lease was lost
 * (a stalled process) changes nothing. Answers the ids it marked.
 */
async function markFinished(db: Db, finished: Finished[], leases: Map<number, Date>): Promise<Set<number>> {
  if (!finished.length) return new Set();
  const byId = (value: (f: Finished) => SQL, otherwise: SQL) =>
    sql`case ${outbox.id} ${sql.join(finished.map((f) => sql`when ${f.message.id} then ${value(f)}`), sql` `)} else ${otherwise} end`;
  const attempts = (f: Finished) => f.message.attempts + 1;
  const rows = await db
    .update(outbox)
    .set({
      status: byId((f) => sql`${f.error === null ? 'sent' : attempts(f) >= MAX_ATTEMPTS ? 'failed' : 'pending'}::text`, sql`${outbox.status}`),
      attempts: sql`${outbox.attempts} + 1`,
      lastError: byId((f) => sql`${f.error}::text`, sql`null`),
      sentAt: byId((f) => (f.error === null ? stamp(clockNow()) : sql`null`), sql`${outbox.sentAt}`),
      nextAttemptAt: byId((f) => (f.error === null ? sql`${outbox.nextAttemptAt}` : stamp(new Date(f.retryAt.getTime() + backoffMs(attempts(f))))), sql`${outbox.nextAttemptAt}`),
    })
    .where(
      and(
        inArray(outbox.id, finished.map((f) => f.message.id)),
        eq(outbox.status, 'pending'),
        sql`${outbox.nextAttemptAt} = ${byId((f) => stamp(leases.get(f.message.id)!), sql`null`)}`,
      ),
    )
    .returning({ id: outbox.id });
  return new Set(rows.map((r) => r.id));
}

/**
 * Sends a claimed batch one message at a time, and marks them together. A lease covers a message
 * waiting behind a slow one for `renewMs` at most (issue 21): no message starts later than
 * `renewMs` (nor half the lease) after its claim, and every `renewMs` the sender marks what it
 * has finished, gives back what it has not started (another sender may take it at once) and
 * renews the lease of the message being sent, as long as it still holds it. Answers how many it
 * gave back.
 */
async function sendBatch(
  db: Db,
  transport: MailTransport,
  claimed: OutboxRow[],
  claimedAt: Date,
  result: { sent: number; failed: number; retried: number },
  { leaseMs, renewMs }: { leaseMs: number; renewMs: number },
): Promise<number> {
  const started = clockNow().getTime();
  const leases = new Map(claimed.map((m) => [m.id, m.nextAttemptAt]));
  const waiting = [...claimed];
  const finished: Finished[] = [];
  let current: OutboxRow | null = null;
  let givenBack = 0;
  // The timer's work and the batch's own end run one after the other, never at once; a failed step (logged by its caller) does not stop the next.
  let queue: Promise<void> = Promise.resolve();
  const serial = (work: () => Promise<void>) => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };

  const mark = async () => {
    const batch = finished.splice(0);
    const marked = await markFinished(db, batch, leases);
    for (const f of batch.filter((f) => !marked.has(f.message.id))) log.warn('outbox_lease_lost', { id: f.message.id, template: f.message.template });
  };
  // Not started: back to due at the time of its claim, while still ours (all of a batch share the claim's lease).
  const giveBack = async () => {
    const back = waiting.splice(0);
    if (!back.length) return;
    givenBack += back.length;
    await db
      .update(outbox)
      .set({ nextAttemptAt: claimedAt })
      .where(and(inArray(outbox.id, back.map((m) => m.id)), eq(outbox.status, 'pending'), eq(outbox.nextAttemptAt, back[0].nextAttemptAt)));
  };
  const renew = async () => {
    const message = current;
    if (!message) return;
    const next = new Date(clockNow().getTime() + leaseMs);
    const [row] = await db
      .update(outbox)
      .set({ nextAttemptAt: next })
      .where(and(eq(outbox.id, message.id), eq(outbox.status, 'pending'), eq(outbox.nextAttemptAt, leases.get(message.id)!)))
      .returning({ id: outbox.id });
    if (row) leases.set(message.id, next);
  };
  const timer = setInterval(() => {
    serial(async () => {
      await mark();
      await giveBack();
      await renew();
    }).catch((error) => log.warn('outbox_lease_renew_failed', { error: errorMessage(error) }));
  }, renewMs);
  timer.unref();

  try {
    for (;;) {
      // Late (a slow send, a stalled process whose timer has not run): what has not started goes back rather than start on an aging lease.
      if (clockNow().getTime() - started >= Math.min(renewMs, leaseMs / 2)) await serial(giveBack);
      const message = waiting.shift();
      if (!message) break;
      current = message;
      let failure: unknown = null;
      try {
        await sendObserved(transport, message, message.attempts + 1 >= MAX_ATTEMPTS);
      } catch (error) {
        failure = error ?? new Error('send failed');
      }
      current = null;
      finished.push({ message, error: failure ? errorMessage(failure).slice(0, 300) : null, retryAt: claimedAt });
      if (!failure) {
        log.info('outbox_sent', { id: message.id, template: message.template });
        result.sent++;
      } else {
        const attempts = message.attempts + 1;
        const giveUp = attempts >= MAX_ATTEMPTS;
        log.warn('outbox_send_failed', { id: message.id, template: message.template, attempts, giveUp });
        if (giveUp) result.failed++;
        else result.retried++;
      }
    }
  } finally {
    clearInterval(timer);
    await serial(async () => {
      await giveBack();
      await mark();
    });
  }
  return givenBack;
}

/**
 * Sends what is due, up to `batchSize` messages: claimed together, sent one at a time, marked
 * together (docs/outbox.md). A failure is retried later with backoff, and given up after
 * MAX_ATTEMPTS. `now` fixes the time of every claim (tests); otherwise each claim takes the
 * server's clock.
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  options: { now?: Date; batchSize?: number; leaseMs?: number; renewMs?: number; onClaim?: (claimed: number) => void } = {},
): Promise<{ sent: number; failed: number; retried: number }> {
  const timing = { leaseMs: options.leaseMs ?? LEASE_MS, renewMs: options.renewMs ?? RENEW_MS };
  const result = { sent: 0, failed: 0, retried: 0 };
  let room = options.batchSize ?? BATCH_SIZE;
  while (room > 0) {
    const now = options.now ?? clockNow();
    const claimed = await claimDue(db, now, timing.leaseMs, room);
    options.onClaim?.(claimed.length);
    if (!claimed.length) break;
    const givenBack = await sendBatch(db, transport, claimed, now, result, timing);
    room -= claimed.length - givenBack;
    // A full claim sent in full leaves no room; a shorter one found nothing more due. Only a batch cut short by a slow send claims again.
    if (!givenBack) break;
  }
  return result;
}

type Loop = { stop: () => Promise<void>; kick: () => void };
const shared = globalThis as typeof globalThis & { __frontpageOutbox?: Loop };

/**
 * The process's delivery loop: every `intervalMs`, and at once when kicked after a change.
 * A pass sends in up to `lanes` lanes side by side (`DEFAULT_LANES`), each opened when the one
 * before it claimed a full batch. Passes never overlap; one loop per process even across dev hot reloads. The returned
 * `stop` ends the loop and resolves when a pass in progress has finished, so a message
 * being sent is marked sent (not sent again when its lease runs out).
 */
export function startDeliveryLoop(getDb: () => Promise<Db>, transport: MailTransport, intervalMs = 5000, lanes = DEFAULT_LANES): () => Promise<void> {
  if (shared.__frontpageOutbox) return shared.__frontpageOutbox.stop;
  let current: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const laneCount = Math.max(1, Math.floor(lanes));
  const laneBatch = Math.max(1, Math.ceil(BATCH_SIZE / laneCount));
  const pass = async () => {
    try {
      do {
        again = false;
        const db = await getDb();
        // A lane opens the next one when its claim came back full: an idle pass costs one claim, as with one lane.
        const lanesRunning: ReturnType<typeof deliverDue>[] = [];
        const open = () => {
          lanesRunning.push(deliverDue(db, transport, { batchSize: laneBatch, onClaim: (claimed) => claimed >= laneBatch && lanesRunning.length < laneCount && open() }));
        };
        open();
        let done = 0;
        for (let lane = 0; lane < lanesRunning.length; lane++) {
          const { sent, retried, failed } = await lanesRunning[lane];
          done += sent + retried + failed;
        }
        // Every lane full means more may be due; a kick during the run asks for another pass.
        if (done >= laneCount * laneBatch) again = true;
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
  log.info('outbox_loop_started', { transport: transport.describe, intervalMs, lanes: laneCount });
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
