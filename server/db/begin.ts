import 'server-only';

/**
 * node-postgres: a transaction's BEGIN travels with its first statement when that statement has no
 * parameters (the day's capacity lock, server/booking/service.ts `lockCapacity`), as one message
 * of the simple protocol (`begin; select pg_advisory_xact_lock(…)`): one round trip fewer for every
 * booking (issue 43; PGlite's thread does alike, server/db/pglite-thread.ts). drizzle sends BEGIN
 * on its own; it is held back here until the transaction's first statement, and sent alone before
 * one with parameters. A transaction that ends before any statement sends nothing at all.
 */

type Result = { command: string; rowCount: number | null; rows: unknown[]; fields: unknown[] };
type Client = { query: (...args: unknown[]) => Promise<unknown> | undefined };

const textOf = (config: unknown): string | null => (typeof config === 'string' ? config : config && typeof config === 'object' && 'text' in config && typeof config.text === 'string' ? config.text : null);
/** A statement without parameters nor a name: text alone, or with drizzle's type parsers. */
const plain = (config: unknown) =>
  typeof config === 'string' ||
  (config !== null && typeof config === 'object' && Object.entries(config).every(([key, value]) => key === 'text' || key === 'types' || (key === 'name' && !value) || (key === 'values' && !(value as unknown[] | undefined)?.length)));
const done = (command: string): Result => ({ command, rowCount: null, rows: [], fields: [] });

/** Whether a statement sent on this connection carried the BEGIN held back (the statement probe reports it, tests/helpers/statements.ts). */
export const CARRIES_BEGIN = /^begin;\s*/i;

export function beginWithFirstStatement(client: Client): void {
  const query = client.query.bind(client);
  let held = false;
  client.query = (...args: unknown[]) => {
    const [config, values, callback] = args;
    const text = textOf(config);
    const promised = typeof callback !== 'function' && typeof values !== 'function';
    if (promised && text !== null && /^\s*begin\s*$/i.test(text) && plain(config) && !(Array.isArray(values) && values.length)) {
      held = true;
      return Promise.resolve(done('BEGIN'));
    }
    if (!held) return query(...args);
    held = false;
    // Nothing was sent: there is no transaction to end.
    if (promised && text !== null && /^\s*(commit|rollback)\s*$/i.test(text)) return Promise.resolve(done(text.trim().toUpperCase()));
    if (promised && text !== null && plain(config) && !(Array.isArray(values) && values.length)) {
      // Two statements in one simple-protocol message: node-postgres answers their results in order.
      const merged = typeof config === 'string' ? `begin; ${text}` : { ...(config as object), name: undefined, values: undefined, text: `begin; ${text}` };
      return (query(merged) as Promise<Result | Result[]>).then((results) => (Array.isArray(results) ? results[results.length - 1] : results));
    }
    return (query('begin') as Promise<unknown>).then(() => query(...args));
  };
}
