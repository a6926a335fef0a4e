import 'server-only';
import { Worker } from 'node:worker_threads';
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
    return this.thread.send({ op: 'query', tx: this.id, sql: text, params, options: wire(options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.thread.send({ op: 'exec', tx: this.id, sql: text, options: wire(options) }) as Promise<Results[]>;
  }

  async rollback(): Promise<void> {
    await this.thread.send({ op: 'rollback', tx: this.id });
    this.closed = true;
  }
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;

  private constructor(
    private readonly worker: Worker,
    /** The worker's thread id (worker_threads' `threadId`): never the server's own thread's. */
    readonly threadId: number,
  ) {
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => this.fail(new Error(`The database thread ended (exit code ${code})`)));
    worker.unref();
  }

  /** Starts the worker and opens PGlite in `dataDir` there; rejects with PGlite's error if it cannot. */
  static async open(dataDir: string): Promise<PgliteThread> {
    const worker = new Worker(WORKER, { workerData: { dataDir } });
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
      return new PgliteThread(worker, ready.threadId);
    } catch (error) {
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

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.send({ op: 'query', sql: text, params, options: wire(options) }) as Promise<Results<T>>;
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.send({ op: 'exec', sql: text, options: wire(options) }) as Promise<Results[]>;
  }

  /** As PGlite's: `fn`'s statements in one transaction, committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = new ThreadTransaction(this, (await this.send({ op: 'begin' })) as number);
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      tx.closed = true;
      await this.send({ op: 'end', tx: tx.id, commit: false }).catch(() => undefined);
      throw error;
    }
    tx.closed = true;
    await this.send({ op: 'end', tx: tx.id, commit: true });
    return result;
  }

  /** Closes PGlite (its data directory written and released) and ends the worker. */
  async close(): Promise<void> {
    if (!this.failure) await this.send({ op: 'close' });
    this.failure ??= new Error('The database is closed');
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
