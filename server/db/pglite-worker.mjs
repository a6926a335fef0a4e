// The embedded database's own thread (issue 43): the PGlite instance lives here, so its statements
// (WebAssembly, synchronous while they run) never hold the server's event loop. server/db/pglite-thread.ts
// starts this file as a worker_threads Worker and speaks to it; this file is plain ESM, loaded by Node
// from the project's directory at run time (never bundled), as the migrations are.
//
// Messages in: { id, op: 'query' | 'exec' | 'end' | 'rollback' | 'stats' | 'close', tx?, begin?, ... }; each
// gets one { id, result } or { id, error } back. A transaction is PGlite's own (`pg.transaction`), named by
// the id the server's thread gave it (`tx`), and begun by its first statement (`begin: true`: no message
// of its own, so its BEGIN costs no round trip and a transaction that runs no statement none at all); it
// is held open until its 'end', so statements outside it wait for it exactly as on a PGlite in the main thread.
//
// The worker runs one operation at a time, in its own order (issue 43, bookings under a crowd): while a
// transaction is open only its operations run, and a transaction's operations (its first included)
// go before the statements outside any transaction that wait, which run in their order of arrival;
// after each transaction one of those goes first, so that a stream of transactions never starves them.
// A message marked `sync` is answered on the `replies` port and the shared `signal` is bumped, so the
// server's thread, which may wait in Atomics.wait for it, takes the answer at once (server/db/pglite-thread.ts).
import { parentPort, receiveMessageOnPort, threadId, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const identity = (value) => value;
/** Parsers cannot cross threads: the main thread sends the type ids whose values stay text (drizzle's only parsers). */
const parserSets = new Map();
function optionsOf(options) {
  if (!options) return undefined;
  const { raw, ...rest } = options;
  if (!raw?.length) return rest;
  const key = raw.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) parserSets.set(key, (parsers = Object.fromEntries(raw.map((oid) => [oid, identity]))));
  return { ...rest, parsers };
}

/** An error as the main thread rebuilds it: PostgreSQL's fields (code, constraint, detail…) kept, values only. */
function wireError(error) {
  const out = { name: error?.name ?? 'Error', message: error?.message ?? String(error) };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (key !== 'params' && key !== 'queryOptions' && ['string', 'number', 'boolean'].includes(typeof value)) out[key] = value;
    }
  }
  return out;
}

const ROLLBACK = Symbol('rollback');
/** Open transactions by id: PGlite's `tx`, the function that ends it, and the promise of its end. */
const transactions = new Map();
/** What this thread has done, for tests and benchmarks (op 'stats'): transactions begun, operations run. */
const stats = { transactions: 0, operations: 0 };
/**
 * Where this thread's time went, for `npm run bench -- --hot` (PGLITE_STATS_FILE: written there
 * when the database closes): running operations, and holding a transaction open while waiting
 * for its next operation from the server's thread (the session idle, every other statement waiting).
 */
const time = { startedAt: performance.now(), busyMs: 0, heldMs: 0, heldSince: 0 };

function begin(pg, id) {
  return new Promise((started, failed) => {
    if (transactions.has(id)) throw new Error(`Transaction ${id} is already open on the database thread`);
    stats.transactions++;
    const record = {};
    const ended = new Promise((resolve) => (record.finish = resolve));
    const done = pg.transaction(async (tx) => {
      record.tx = tx;
      transactions.set(id, record);
      started(id);
      if (!(await ended)) throw ROLLBACK;
    });
    record.settled = done.then(
      () => undefined,
      (error) => {
        if (error !== ROLLBACK) throw error;
      },
    );
    record.settled.catch(failed).finally(() => transactions.delete(id));
  });
}

function transaction(id) {
  const record = transactions.get(id);
  if (!record) throw new Error(`No open transaction ${id} on the database thread`);
  return record;
}

/** The transaction's operations and begins, first; the statements outside any transaction, in order. */
const urgent = [];
const waiting = [];
/** The open transaction's id: only its operations run until its end. */
let open = null;
let pumping = false;
/** A transaction has just ended: a waiting statement goes next. */
let readsTurn = false;

const enqueue = (message) => (message.tx !== undefined ? urgent : waiting).push(message);

/** The next operation to run, from every message arrived so far (a busy worker's port delivers them slowly otherwise). */
function nextMessage() {
  for (let received = receiveMessageOnPort(parentPort); received; received = receiveMessageOnPort(parentPort)) enqueue(received.message);
  if (open !== null) {
    const index = urgent.findIndex((m) => m.tx === open);
    return index < 0 ? null : urgent.splice(index, 1)[0];
  }
  // After a transaction, one waiting statement before the next begins: a stream of transactions never starves the reads.
  if (readsTurn && waiting.length) {
    readsTurn = false;
    return waiting.shift();
  }
  return urgent.shift() ?? waiting.shift() ?? null;
}

async function main() {
  let pg;
  try {
    pg = await PGlite.create(workerData.dataDir);
  } catch (error) {
    parentPort.postMessage({ id: 0, error: wireError(error) });
    return;
  }
  const { replies, signal } = workerData;
  const flag = signal ? new Int32Array(signal) : null;
  const answer = (message, reply) => {
    if (message.sync) {
      replies.postMessage(reply);
      Atomics.add(flag, 0, 1);
      Atomics.notify(flag, 0);
    } else parentPort.postMessage(reply);
  };
  parentPort.postMessage({ id: 0, result: { threadId } });
  const on = (tx) => (tx ? transaction(tx).tx : pg);

  /** One operation; its answer sent. False when the database is closed. */
  async function run(message) {
    stats.operations++;
    const started = performance.now();
    if (open !== null && time.heldSince) time.heldMs += started - time.heldSince;
    try {
      let result;
      // A transaction's first statement begins it (pipelined: one message, one round trip).
      if (message.begin) open = await begin(pg, message.tx);
      switch (message.op) {
        case 'query':
          result = await on(message.tx).query(message.sql, message.params, optionsOf(message.options));
          break;
        case 'exec':
          result = await on(message.tx).exec(message.sql, optionsOf(message.options));
          break;
        case 'stats':
          result = { ...stats };
          break;
        case 'end': {
          const record = transaction(message.tx);
          open = null;
          readsTurn = true;
          record.finish(message.commit);
          await record.settled;
          break;
        }
        case 'rollback':
          await transaction(message.tx).tx.rollback();
          break;
        case 'close':
          await pg.close();
          if (process.env.PGLITE_STATS_FILE) {
            const { writeFileSync } = await import('node:fs');
            const ms = (value) => Math.round(value);
            writeFileSync(process.env.PGLITE_STATS_FILE, JSON.stringify({ ...stats, lifeMs: ms(performance.now() - time.startedAt), busyMs: ms(time.busyMs), heldMs: ms(time.heldMs) }));
          }
          parentPort.postMessage({ id: message.id });
          parentPort.close();
          replies?.close();
          return false;
        default:
          throw new Error(`Unknown database thread operation ${message.op}`);
      }
      answer(message, { id: message.id, result });
    } catch (error) {
      answer(message, { id: message.id, error: wireError(error) });
    }
    const ended = performance.now();
    time.busyMs += ended - started;
    time.heldSince = open !== null ? ended : 0;
    return true;
  }

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      for (let message = nextMessage(); message; message = nextMessage()) if (!(await run(message))) return;
    } finally {
      pumping = false;
    }
  }

  parentPort.on('message', (message) => {
    enqueue(message);
    void pump();
  });
}

await main();
