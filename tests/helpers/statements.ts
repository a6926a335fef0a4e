import { installStatementProbe } from '@/server/db/probe';

/** What one call sent to the database: its statements (BEGIN, COMMIT and savepoints apart), those inside a transaction, and its transactions. */
export type StatementCount = {
  statements: number;
  inTransaction: number;
  transactions: number;
  texts: string[];
  /** Each statement's prepared name (node-postgres sends it; PGlite does not), or null: in order, as `texts`. */
  names: (string | null)[];
  /** Messages sent and answered, BEGIN and COMMIT included: a BEGIN carried by the statement after it is none of its own (server/db/begin.ts). */
  roundTrips: number;
};

let counting: StatementCount | null = null;

/**
 * Installs the statement probe (server/db/probe.ts). Import this module before the site's
 * database is opened (at the top of a test file, before `useSiteDatabase`'s beforeAll runs):
 * the driver is wrapped when it opens, and only then.
 */
installStatementProbe({
  statement(text, { inTransaction, control, name, carried }) {
    if (!counting) return;
    if (!carried) counting.roundTrips += 1;
    if (control) {
      if (/^\s*begin\b/i.test(text)) counting.transactions += 1;
      return;
    }
    counting.statements += 1;
    if (inTransaction) counting.inTransaction += 1;
    counting.texts.push(text);
    counting.names.push(name ?? null);
  },
});

/** Counts the statements `run` sends, on PGlite or PostgreSQL. Calls are counted one at a time: nothing else may run meanwhile. */
export async function countStatements<T>(run: () => Promise<T>): Promise<StatementCount & { result: T }> {
  if (counting) throw new Error('countStatements: one count at a time');
  const count: StatementCount = { statements: 0, inTransaction: 0, transactions: 0, texts: [], names: [], roundTrips: 0 };
  counting = count;
  try {
    const result = await run();
    return { ...count, result };
  } finally {
    counting = null;
  }
}
