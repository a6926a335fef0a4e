import 'server-only';

/**
 * A test-only look at the statements the site sends (issue 42, statement budgets): when a test
 * has placed a probe on `globalThis` before the database is opened, `openDatabase` wraps the
 * driver's own query calls (PGlite's `query`/`exec`/`transaction`, node-postgres's pooled
 * clients) and tells the probe of each statement and whether it runs inside a transaction.
 * Without a probe (every real process) nothing is wrapped. tests/helpers/statements.ts counts.
 */
export type StatementProbe = {
  /** `control` is BEGIN, COMMIT, ROLLBACK or a savepoint: the transaction's frame, not its work. */
  statement(text: string, where: { inTransaction: boolean; control: boolean }): void;
};

const slot = globalThis as typeof globalThis & { __frontpageStatementProbe?: StatementProbe };

export function installStatementProbe(probe: StatementProbe): void {
  slot.__frontpageStatementProbe = probe;
}

const probe = () => slot.__frontpageStatementProbe;

type Queryable = { query: (...args: never[]) => Promise<unknown>; exec?: (...args: never[]) => Promise<unknown> };

const textOf = (arg: unknown): string => (typeof arg === 'string' ? arg : typeof arg === 'object' && arg && 'text' in arg ? String(arg.text) : '');
const isControl = (text: string) => /^\s*(begin|commit|rollback|savepoint|release\s+savepoint)\b/i.test(text);

/** Reports each call of `target[method]` to the probe, in a transaction as `inTransaction(text)` says. */
function observe<T extends Queryable>(target: T, method: 'query' | 'exec', inTransaction: (text: string) => boolean) {
  const original = target[method] as ((...args: unknown[]) => Promise<unknown>) | undefined;
  if (!original) return;
  (target as Record<string, unknown>)[method] = (...args: unknown[]) => {
    const text = textOf(args[0]);
    probe()?.statement(text, { inTransaction: inTransaction(text), control: isControl(text) });
    return original.apply(target, args);
  };
}

/** PGlite: statements on the instance run alone; those of `transaction(fn)` on its own `tx`, framed by BEGIN and COMMIT or ROLLBACK. */
export function probePglite(client: Queryable & { transaction: (fn: (tx: Queryable) => Promise<unknown>) => Promise<unknown> }): void {
  if (!probe()) return;
  observe(client, 'query', () => false);
  observe(client, 'exec', () => false);
  const transaction = client.transaction.bind(client);
  client.transaction = (fn) => {
    probe()?.statement('BEGIN', { inTransaction: true, control: true });
    return transaction((tx) => {
      observe(tx, 'query', () => true);
      observe(tx, 'exec', () => true);
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
  if (!probe()) return;
  pool.on('connect', (client) => {
    let open = false;
    observe(client, 'query', (text) => {
      if (/^\s*begin\b/i.test(text)) open = true;
      const inTransaction = open;
      if (/^\s*(commit|rollback)\s*$/i.test(text)) open = false;
      return inTransaction;
    });
  });
}
