// The embedded database's own thread (issue 43): the PGlite instance lives here, so its statements
// (WebAssembly, synchronous while they run) never hold the server's event loop. server/db/pglite-thread.ts
// starts this file as a worker_threads Worker and speaks to it; this file is plain ESM, loaded by Node
// from the project's directory at run time (never bundled), as the migrations are.
//
// Messages in: { id, op: 'query' | 'exec' | 'begin' | 'end' | 'rollback' | 'close', ... }; each gets one
// { id, result } or { id, error } back. A transaction is PGlite's own (`pg.transaction`), held open
// from 'begin' to 'end', so statements outside it wait for it exactly as on a PGlite in the main thread.
import { parentPort, threadId, workerData } from 'node:worker_threads';
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
let nextTransaction = 1;

function begin(pg) {
  return new Promise((started, failed) => {
    const id = nextTransaction++;
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

async function main() {
  let pg;
  try {
    pg = await PGlite.create(workerData.dataDir);
  } catch (error) {
    parentPort.postMessage({ id: 0, error: wireError(error) });
    return;
  }
  parentPort.postMessage({ id: 0, result: { threadId } });
  const on = (tx) => (tx ? transaction(tx).tx : pg);
  parentPort.on('message', async (message) => {
    try {
      let result;
      switch (message.op) {
        case 'query':
          result = await on(message.tx).query(message.sql, message.params, optionsOf(message.options));
          break;
        case 'exec':
          result = await on(message.tx).exec(message.sql, optionsOf(message.options));
          break;
        case 'begin':
          result = await begin(pg);
          break;
        case 'end': {
          const record = transaction(message.tx);
          record.finish(message.commit);
          await record.settled;
          break;
        }
        case 'rollback':
          await transaction(message.tx).tx.rollback();
          break;
        case 'close':
          await pg.close();
          parentPort.postMessage({ id: message.id });
          parentPort.close();
          return;
        default:
          throw new Error(`Unknown database thread operation ${message.op}`);
      }
      parentPort.postMessage({ id: message.id, result });
    } catch (error) {
      parentPort.postMessage({ id: message.id, error: wireError(error) });
    }
  });
}

await main();
