// The probe must be in place before the database opens (tests/helpers/statements.ts).
import { countStatements } from '../helpers/statements';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../helpers/databases';
import type { DatabaseHandle } from '@/server/db/client';

/**
 * Issue 43, server/db/begin.ts: on node-postgres a transaction's BEGIN is held back and sent in one
 * message with its first statement when that has no parameters; alone before one that has; not at
 * all when the transaction ends before any statement. Each case keeps a transaction's meaning.
 */
describe('a transaction\'s BEGIN with its first statement (node-postgres)', () => {
  let handle: DatabaseHandle & { dataDir: string };
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    handle = await openTestDatabase('postgres');
    await handle.db.execute(sql`create table begin_probe (n int primary key)`);
  });
  afterAll(() => handle.close());

  /** A statement's rows, as node-postgres answers them. */
  const rowsOf = (result: unknown) => (result as { rows: { n: number }[] }).rows;
  const rows = async () => rowsOf(await handle.db.execute(sql`select n from begin_probe order by n`)).map((r) => Number(r.n));

  it('carries BEGIN with a first statement without parameters, and rolls both back on a later error', async () => {
    const count = await countStatements(() =>
      handle.db
        .transaction(async (tx) => {
          await tx.execute(sql.raw('insert into begin_probe values (1)'));
          await tx.execute(sql`insert into begin_probe values (${2})`);
          throw new Error('rolled back');
        })
        .catch((error: Error) => error.message),
    );
    expect(count.result).toBe('rolled back');
    // BEGIN (carried), the two inserts, ROLLBACK: three round trips.
    expect([count.transactions, count.statements, count.roundTrips]).toEqual([1, 2, 3]);
    expect(await rows()).toEqual([]);
  });

  it('sends BEGIN alone before a first statement with parameters, and commits', async () => {
    const count = await countStatements(() => handle.db.transaction(async (tx) => void (await tx.execute(sql`insert into begin_probe values (${3})`))));
    expect([count.transactions, count.statements, count.roundTrips]).toEqual([1, 1, 3]);
    expect(await rows()).toEqual([3]);
  });

  it('runs the first statement inside the transaction: a lock taken with it is held until the commit', async () => {
    const lock = sql.raw('select pg_advisory_xact_lock(43, 43)');
    const order: string[] = [];
    let taken!: () => void;
    const first = handle.db.transaction(async (tx) => {
      await tx.execute(lock);
      taken();
      await new Promise((resolve) => setTimeout(resolve, 150));
      await tx.execute(sql.raw('insert into begin_probe values (4)'));
      order.push('first');
    });
    await new Promise<void>((resolve) => (taken = resolve));
    const second = handle.db.transaction(async (tx) => {
      await tx.execute(lock);
      order.push(`second saw ${rowsOf(await tx.execute(sql.raw('select count(*)::int as n from begin_probe where n = 4')))[0].n}`);
    });
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second saw 1']);
  });

  it('sends nothing for a transaction that ends before any statement', async () => {
    const count = await countStatements(() => handle.db.transaction(async () => 'nothing'));
    expect([count.result, count.statements, count.roundTrips]).toEqual(['nothing', 0, 0]);
    const refused = await countStatements(() => handle.db.transaction(async () => Promise.reject(new Error('refused'))).catch((error: Error) => error.message));
    expect([refused.result, refused.roundTrips]).toEqual(['refused', 0]);
    // The connection is as good as before: a transaction after it commits.
    await handle.db.transaction(async (tx) => void (await tx.execute(sql.raw('insert into begin_probe values (5)'))));
    expect(await rows()).toEqual([3, 4, 5]);
  });
});
