import 'server-only';
import { SpanKind, tracingOn, withChildSpan } from '@/server/observability/tracing';
import { CARRIES_BEGIN } from './begin';

/**
 * A test-only look at the statements the site sends (issue 42, statement budgets): when a test
 * has placed a probe on `globalThis` before the database is opened, `openDatabase` wraps the
 * driver's own query calls (PGlite's `query`/`exec`/`transaction`, on the stand-in of
 * server/db/pglite-thread.ts since PGlite runs in a worker thread; node-postgres's pooled
 * clients) and tells the probe of each statement and whether it runs inside a transaction.
 * tests/helpers/statements.ts counts. The same wrapping gives each statement its span when the
 * process traces (server/observability/tracing.ts): a child of the request, send or housekeeping
 * step that sent it (a statement outside any span makes none).
 * Without a probe and without tracing nothing is wrapped.
 */
export type StatementProbe = {
  /**
   * `control` is BEGIN, COMMIT, ROLLBACK or a savepoint: the transaction's frame, not its work.
   * `name`: a prepared statement's name, as node-postgres sends it (server/db/prepared.ts; PGlite is sent the text alone).
   * `carried`: a BEGIN sent in one message with the statement reported next (server/db/begin.ts): no round trip of its own.
   */
  statement(text: string, where: { inTransaction: boolean; control: boolean; name?: string; carried?: boolean }): void;
};

const slot = globalThis as typeof globalThis & { __frontpageStatementProbe?: StatementProbe };

export function installStatementProbe(probe: StatementProbe): void {
  slot.__frontpageStatementProbe = probe;
}

const probe = () => slot.__frontpageStatementProbe;

type Queryable = { query: (...args: never[]) => Promise<unknown>; exec?: (...args: never[]) => Promise<unknown> };

const textOf = (arg: unknown): string => (typeof arg === 'string' ? arg : typeof arg === 'object' && arg && 'text' in arg ? String(arg.text) : '');
const nameOf = (arg: unknown): string | undefined => (typeof arg === 'object' && arg && 'name' in arg && typeof arg.name === 'string' ? arg.name : undefined);
const isControl = (text: string) => /^\s*(begin|commit|rollback|savepoint|release\s+savepoint)\b/i.test(text);
/** Whether statements are to be wrapped at all: a test's probe, or tracing. */
const observing = () => Boolean(probe()) || tracingOn();

/** A statement's span name: its operation and first table (`SELECT reservations`), never its values. */
export function statementName(text: string): string {
  const op = /^[\s(]*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
  const table = /\b(?:from|into|update|join)\s+"?([A-Za-z_][\w]*)"?/i.exec(text)?.[1];
  return table ? `${op} ${table}` : op;
}

/** The statement in its span (drizzle sends parameters apart: the text holds no guest's data). */
const traced = (system: 'postgresql' | 'pglite', text: string, run: () => Promise<unknown>) =>
  tracingOn() ? withChildSpan(statementName(text), { 'db.system.name': system === 'pglite' ? 'postgresql' : system, 'db.client': system, 'db.query.text': text.slice(0, 2000) }, run, SpanKind.CLIENT) : run();

/** Reports each call of `target[method]` to the probe, in a transaction as `inTransaction(text)` says. */
function observe<T extends Queryable>(target: T, method: 'query' | 'exec', inTransaction: (text: string) => boolean, system: 'postgresql' | 'pglite') {
  const original = target[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
  if (!original) return;
  (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const text = textOf(args[0]);
    const open = inTransaction(text);
    // A BEGIN carried by the transaction's first statement (server/db/begin.ts): reported as the two it is.
    if (CARRIES_BEGIN.test(text)) {
      probe()?.statement('BEGIN', { inTransaction: true, control: true, carried: true });
      const rest = text.replace(CARRIES_BEGIN, '');
      probe()?.statement(rest, { inTransaction: open, control: isControl(rest), name: nameOf(args[0]) });
    } else probe()?.statement(text, { inTransaction: open, control: isControl(text), name: nameOf(args[0]) });
    if (!tracingOn()) return original.apply(target, args);
    // node-postgres's pool sends a statement with a callback (pool.query → client.query(text, values, cb)).
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      return traced(system, text, () => new Promise<void>((settled) => {
        args[args.length - 1] = (...results: unknown[]) => {
          settled();
          return callback(...results);
        };
        original.apply(target, args);
      }));
    }
    return traced(system, text, () => original.apply(target, args));
  };
}

/** PGlite: statements on the instance run alone; those of `transaction(fn)` on its own `tx`, framed by BEGIN and COMMIT or ROLLBACK. */
export function probePglite(client: Queryable & { transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown> }): void {
  if (!observing()) return;
  observe(client, 'query', () => false, 'pglite');
  observe(client, 'exec', () => false, 'pglite');
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) => {
    probe()?.statement('BEGIN', { inTransaction: true, control: true });
    return transaction((tx) => {
      observe(tx, 'query', () => true, 'pglite');
      observe(tx, 'exec', () => true, 'pglite');
      return fn(tx);
    }).then(
      (result) => {
        probe()?.statement('COMMIT', { inTransaction: true, control: true });
        return result;
      },
      (error: unknown) => {
        probe()?.statement('ROLLBACK', { inTransaction: true, control: true });
        throw error;
      },
    );
  };
}

/** node-postgres: every client of the pool, as it is made; a client is in a transaction from its BEGIN to its COMMIT or ROLLBACK. */
export function probePool(pool: { on(event: 'connect', listener: (client: Queryable) => void): unknown }): void {
  if (!observing()) return;
  pool.on('connect', (client) => {
    let open = false;
    observe(client, 'query', (text) => {
      if (/^\s*begin\b/i.test(text)) open = true;
      const inTransaction = open;
      if (/^\s*(commit|rollback)\s*$/i.test(text)) open = false;
      return inTransaction;
    }, 'postgresql');
  });
}
