import 'server-only';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { projectPath } from '@/server/runtime/config';

/**
 * The embedded database off the event loop (issue 43): PGlite runs in a worker thread
 * (server/db/pglite-worker.mjs) and this is its stand-in on the server's thread, with the three
 * calls drizzle's PGlite driver makes (`query`, `exec`, `transaction`), so `drizzle(thread)` is
 * the same `Db` as before. PGlite is one session: a transaction holds it from its BEGIN to its
 * COMMIT, and every other statement waits for it in the worker, as it did in the main thread.
 * Rows, parameters and PostgreSQL's errors cross by structured clone; of the query options,
 * the row mode, the parameter types and parsers that leave a type's text as it is (the only
 * parsers drizzle passes) cross, anything else is refused.
 *
 * A transaction holds PGlite's one session from its first statement to its end, so what counts
 * under a crowd (issue 43) is the time it holds the session while the worker waits for this
 * thread. Sent one by one and answered through the event loop, each round trip of a booking's
 * transaction waited behind whatever the loop was busy with (pages being rendered), while every
 * other statement waited for the transaction: bookings queued for seconds. Now:
 * - A transaction's BEGIN travels with its first statement, and its end in one message this
 *   thread does not wait for (the session is free once the worker has it): a transaction that
 *   runs no statement (a booking refused from a read before it) costs the worker nothing.
 * - With PGLITE_TX_WAIT_MS (milliseconds, off by default), once the worker holds the transaction
 *   open (its first statement answered), this thread waits for each of its statements' answers in
 *   `Atomics.wait`, up to that bound: the worker runs nothing else meanwhile, so the answer is a
 *   statement's time away, and the transaction goes on within the same turn of the event loop
 *   instead of a busy loop's turn later. A slower answer (a long statement, the worker waiting
 *   for a core) comes through the event loop: the server's thread is never held longer than the
 *   bound per statement. Off by default: on a machine whose cores are all busy, a blocked thread
 *   waits for a core again after each answer, and the crowd took longer (docs/performance.md).
 * `PGLITE_TX_SYNC=on` waits for every operation of a transaction without bound, one transaction
 * of this thread open at a time (measured to starve the pages: docs/performance.md).
 */

/** The worker's file, next to this one in the project (as the migrations: loaded at run time, never bundled). */
const WORKER = projectPath('server/db/pglite-worker.mjs');

type Wire = { raw?: number[]; rowMode?: QueryOptions['rowMode']; paramTypes?: number[] };

/** Query options as they cross: the type ids whose parser is the identity, instead of the parsers. */
function wire(options?: QueryOptions): Wire | undefined {
  if (!options) return undefined;
  const { parsers, serializers, rowMode, paramTypes } = options;
  if (serializers && Object.keys(serializers).length) throw new Error('Custom serializers cannot cross to the database thread');
  const raw: number[] = [];
  for (const [oid, parser] of Object.entries(parsers ?? {})) {
    const probe = 'text';
    if (parser(probe, Number(oid)) !== probe) throw new Error(`Only parsers that keep a value's text cross to the database thread (type ${oid})`);
    raw.push(Number(oid));
  }
  return { raw, rowMode, paramTypes };
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string; name: string } };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** PostgreSQL's error as the worker sent it, with its fields (`code`, `constraint`, `detail`…); drizzle wraps it with the statement. */
const rebuild = (fields: NonNullable<Reply['error']>): Error => Object.assign(new Error(fields.message), fields);

/** A transaction's statements, as PGlite's `tx`: run in the worker inside the one open transaction. */
export class ThreadTransaction {
  closed = false;
  /** Its first operation is on its way: it carried the BEGIN, so the transaction exists in the worker (or failed to). */
  begun = false;
  /** Its first operation has been answered: the worker holds the session for it and runs its operations as they come. */
  opened = false;
  constructor(
    private readonly thread: PgliteThread,
    readonly id: number,
  ) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.operation({ op: 'query', sql: text, params, options: wire(options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.operation({ op: 'exec', sql: text, options: wire(options) }) as Promise<Results[]>;
  }

  async rollback(): Promise<void> {
    if (this.begun) await this.operation({ op: 'rollback' });
    this.closed = true;
  }

  /** One operation of this transaction; the first begins it in the worker (pipelined, no round trip of its own). */
  private operation(message: Record<string, unknown>): Promise<unknown> {
    const first = !this.begun;
    this.begun = true;
    const answered = this.thread.call({ ...message, tx: this.id, ...(first ? { begin: true } : {}) }, this.opened);
    if (first) void answered.then(() => (this.opened = true), () => (this.opened = true));
    return answered;
  }
}

/** How long a synchronous call waits for the worker before it gives up (a statement of a transaction; the worker gone). */
const SYNC_DEADLINE_MS = 120_000;

/**
 * How long this thread waits, blocked, for the answer to a statement of a transaction the worker
 * holds open (PGLITE_TX_WAIT_MS, milliseconds; 0, the default: never, every answer through the
 * event loop). The worker runs nothing else meanwhile, so the answer is a statement's time away:
 * waited for, the transaction goes on at once instead of a turn of a busy event loop later, and
 * holds the session for its statements' time only; past the bound the answer comes through the event loop.
 */
export const TX_WAIT_MS = 0;
const txWaitMs = () => {
  const configured = Number(process.env.PGLITE_TX_WAIT_MS);
  return process.env.PGLITE_TX_WAIT_MS !== undefined && Number.isFinite(configured) && configured >= 0 ? configured : TX_WAIT_MS;
};

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private nextTransaction = 1;
  private failure: Error | null = null;
  /** The end of the last transaction asked for: the next one begins after it (one open at a time from this thread, PGLITE_TX_SYNC=on). */
  private turn: Promise<void> = Promise.resolve();
  private readonly sync = process.env.PGLITE_TX_SYNC === 'on';
  private readonly waitMs = txWaitMs();

  private constructor(
    private readonly worker: Worker,
    /** The worker's thread id (worker_threads' `threadId`): never the server's own thread's. */
    readonly threadId: number,
    /** The transactions' answers' port, and the counter the worker bumps after each. */
    private readonly replies: MessagePort,
    private readonly signal: Int32Array,
  ) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The database thread ended (exit code ${code})`)));
    // The transactions' answers not waited for arrive here, through the event loop.
    replies.on('message', (reply: Reply) => this.settle(reply));
    worker.unref();
    replies.unref();
  }

  /** Starts the worker and opens PGlite in `dataDir` there; rejects with PGlite's error if it cannot. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const { port1: replies, port2: workerReplies } = new MessageChannel();
    const signal = new SharedArrayBuffer(4);
    const worker = new Worker(WORKER, { workerData: { dataDir, replies: workerReplies, signal }, transferList: [workerReplies] });
    replies.unref();
    // Only these listeners come off afterwards: the Worker's own (`newListener`…) must stay.
    let onMessage: (reply: Reply) => void = () => undefined;
    let onError: (error: Error) => void = () => undefined;
    let onExit: (code: number) => void = () => undefined;
    try {
      const ready = await new Promise<{ threadId: number }>((resolve, reject) => {
        onMessage = (reply) => (reply.error ? reject(rebuild(reply.error)) : resolve(reply.result as { threadId: number }));
        onError = reject;
        onExit = (code) => reject(new Error(`The database thread ended while opening (exit code ${code})`));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      });
      return new PgliteThread(worker, ready.threadId, replies, new Int32Array(signal));
    } catch (error) {
      replies.close();
      await worker.terminate();
      throw error;
    } finally {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    }
  }

  /** One operation in the worker, answered on the worker's port or (`sync`) on the transactions' port; the worker keeps the process alive only while one is pending. */
  send(message: Record<string, unknown>, sync = false): { id: number; answered: Promise<unknown> } {
    const id = this.nextId++;
    if (this.failure) return { id, answered: Promise.reject(this.failure) };
    const answered = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) {
        this.worker.ref();
        this.replies.ref();
      }
      try {
        this.worker.postMessage({ ...message, id, ...(sync ? { sync: true } : {}) });
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a class instance with private state).
        this.done(id);
        reject(error);
      }
    });
    return { id, answered };
  }

  /**
   * One operation of a transaction. Its answer comes on the transactions' port; when the
   * transaction is `open` in the worker (its first operation answered), this thread waits for
   * it, blocked, up to PGLITE_TX_WAIT_MS (see above), so that it settles before this thread does
   * anything else; past that, or for a transaction's first operation, through the event loop.
   * With PGLITE_TX_SYNC=on every operation of a transaction is waited for, up to two minutes.
   */
  call(message: Record<string, unknown>, open: boolean): Promise<unknown> {
    const { id, answered } = this.send(message, true);
    const wait = this.sync ? SYNC_DEADLINE_MS : open && message.op !== 'end' ? this.waitMs : 0;
    if (wait > 0 && this.pending.has(id)) this.waitFor(id, wait);
    return answered;
  }

  /** Blocks until `id` is answered or `ms` have passed, settling every answer that arrives meanwhile. */
  private waitFor(id: number, ms: number) {
    const deadline = performance.now() + ms;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      for (let received = receiveMessageOnPort(this.replies); received; received = receiveMessageOnPort(this.replies)) this.settle(received.message as Reply);
      if (!this.pending.has(id)) return;
      const left = deadline - performance.now();
      if (left <= 0) return;
      Atomics.wait(this.signal, 0, seen, left);
    }
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql: text, params, options: wire(options) }).answered as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql: text, options: wire(options) }).answered as Promise<Results[]>;
  }

  /** What the worker has done: transactions begun, operations run (tests, benchmarks). */
  stats(): Promise<{ transactions: number; operations: number }> {
    return this.send({ op: 'stats' }).answered as Promise<{ transactions: number; operations: number }>;
  }

  /** As PGlite's: `fn`'s statements in one transaction, committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    if (!this.sync) return this.run(fn);
    // One open at a time from this thread: a synchronous begin must never wait for a transaction of this thread's own.
    const previous = this.turn;
    let release!: () => void;
    this.turn = new Promise((resolve) => (release = resolve));
    await previous;
    try {
      return await this.run(fn);
    } finally {
      release();
    }
  }

  /** `fn` in a transaction of its own: begun by its first statement, ended (when begun) by one message, answered through the event loop. */
  private async run<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = new ThreadTransaction(this, this.nextTransaction++);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      tx.closed = true;
      if (tx.begun) await this.call({ op: 'end', tx: tx.id, commit: false }, true).catch(() => undefined);
      throw error;
    }
    tx.closed = true;
    // The session is free once the worker has the end: this thread need not wait for it.
    if (tx.begun) await this.call({ op: 'end', tx: tx.id, commit: true }, true);
    return result;
  }

  /** Closes PGlite (its data directory written and released) and ends the worker. */
  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' }).answered;
    this.failure ??= new Error('The database is closed');
    this.replies.close();
    await this.worker.terminate();
  }

  private done(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) {
      this.worker.unref();
      this.replies.unref();
    }
    return pending;
  }

  private settle(reply: Reply) {
    const pending = this.done(reply.id);
    if (!pending) return;
    if (reply.error) pending.reject(rebuild(reply.error));
    else pending.resolve(reply.result);
  }

  private fail(error: Error) {
    this.failure ??= error;
    for (const id of [...this.pending.keys()]) this.done(id)?.reject(error);
  }
}
