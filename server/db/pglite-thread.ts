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
 * A transaction's statements do not wait for the server's event loop (issue 43, bookings under a
 * crowd). Sent one by one and answered through the event loop, each round trip of a booking's
 * transaction waited behind whatever the loop was busy with (pages being rendered), while the
 * transaction held PGlite's one session and every other statement waited for it: bookings queued
 * for seconds. With `PGLITE_TX_SYNC=on`, a transaction's begin, statements and end are synchronous calls: this thread
 * posts the operation and blocks in `Atomics.wait` until the worker has run it and answered on a
 * port of their own (the worker runs a transaction's operations before the statements outside it
 * that wait). A transaction then holds the session for its statements' time only, and this thread
 * for the same time, as when PGlite ran here, but only for transactions: reads outside one stay
 * asynchronous. The transactions of this thread take turns here, one open at a time, so that a
 * blocked call never waits for a transaction that needs this thread to go on (one awaiting a
 * payment provider, say). By default (no PGLITE_TX_SYNC), a transaction's operations go through the
 * event loop like every other statement: the server's thread never blocks on the database, which
 * is the issue's first goal (pages keep rendering under a crowd), at the cost of bookings queued
 * behind pages during one (docs/performance.md, 2026-11-27).
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
  constructor(
    private readonly thread: PgliteThread,
    readonly id: number,
  ) {}

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.thread.call({ op: 'query', tx: this.id, sql: text, params, options: wire(options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.thread.call({ op: 'exec', tx: this.id, sql: text, options: wire(options) }) as Promise<Results[]>;
  }

  async rollback(): Promise<void> {
    await this.thread.call({ op: 'rollback', tx: this.id });
    this.closed = true;
  }
}

/** How long a synchronous call waits for the worker before it gives up (a statement of a transaction; the worker gone). */
const SYNC_DEADLINE_MS = 120_000;

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  /** The end of the last transaction asked for: the next one begins after it (one open at a time from this thread). */
  private turn: Promise<void> = Promise.resolve();
  private readonly sync = process.env.PGLITE_TX_SYNC === 'on';

  private constructor(
    private readonly worker: Worker,
    /** The worker's thread id (worker_threads' `threadId`): never the server's own thread's. */
    readonly threadId: number,
    /** The synchronous answers' port, and the counter the worker bumps after each. */
    private readonly replies: MessagePort,
    private readonly signal: Int32Array,
  ) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The database thread ended (exit code ${code})`)));
    worker.unref();
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

  /** One operation in the worker; the worker keeps the process alive only while one is pending. */
  send(message: Record<string, unknown>): Promise<unknown> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.pending.size === 1) this.worker.ref();
      try {
        this.worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter structured clone cannot copy (a function, a class instance with private state).
        this.done(id);
        reject(error);
      }
    });
  }

  /**
   * One operation of a transaction, run while this thread waits (see above): its answer settles
   * the promise before this thread does anything else. Through the event loop unless PGLITE_TX_SYNC=on.
   */
  call(message: Record<string, unknown>): Promise<unknown> {
    if (!this.sync) return this.send(message);
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    try {
      this.worker.postMessage({ ...message, id, sync: true });
    } catch (error) {
      return Promise.reject(error as Error);
    }
    const deadline = performance.now() + SYNC_DEADLINE_MS;
    for (;;) {
      const seen = Atomics.load(this.signal, 0);
      const received = receiveMessageOnPort(this.replies);
      if (received) {
        const reply = received.message as Reply;
        if (reply.id !== id) continue; // an answer whose caller gave up: dropped
        return reply.error ? Promise.reject(rebuild(reply.error)) : Promise.resolve(reply.result);
      }
      const left = deadline - performance.now();
      if (left <= 0) return Promise.reject(new Error(`The database thread did not answer within ${SYNC_DEADLINE_MS / 1000} s`));
      Atomics.wait(this.signal, 0, seen, Math.min(left, 1000));
    }
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql: text, params, options: wire(options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql: text, options: wire(options) }) as Promise<Results[]>;
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

  private async run<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = new ThreadTransaction(this, (await this.call({ op: 'begin' })) as number);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      tx.closed = true;
      await this.call({ op: 'end', tx: tx.id, commit: false }).catch(() => undefined);
      throw error;
    }
    tx.closed = true;
    await this.call({ op: 'end', tx: tx.id, commit: true });
    return result;
  }

  /** Closes PGlite (its data directory written and released) and ends the worker. */
  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' });
    this.failure ??= new Error('The database is closed');
    this.replies.close();
    await this.worker.terminate();
  }

  private done(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker.unref();
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
