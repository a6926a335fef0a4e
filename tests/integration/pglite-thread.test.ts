import { threadId } from 'node:worker_threads';
import { eq, sql } from 'drizzle-orm';
import { venues } from '@/server/db/schema';
import { openTestDatabase } from '../helpers/databases';

// Issue 43: the embedded database runs in a worker thread of its own (server/db/pglite-thread.ts),
// so its statements never hold the server's event loop. Counted, not timed: the loop's turns while
// one long statement runs.

const venue = (slug: string) => sql`insert into venues (slug, name, currency, country, timezone, address, phone, custom_header, custom_footer, theme, policies)
  values (${slug}, ${slug}, '€', 'IT', 'Europe/Rome', '', '', '', '', '{}', '{}')`;

/** Counts the event loop's turns (one `setImmediate` after another) until stopped. */
function countTurns() {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  return { turns: () => turns, stop: () => void (running = false) };
}

describe('PGlite in a thread of its own', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    // The worker, the site's default, whatever the run sets (scripts/faketime-jest.mjs keeps it off under faketime).
    delete process.env.PGLITE_THREAD;
    delete process.env.PGLITE_TX_SYNC;
    // The wait for an open transaction's answers (PGLITE_TX_WAIT_MS, off by default; a few
    // milliseconds when set): here long enough that a loaded machine never runs past it, so what
    // is counted is the mechanism.
    process.env.PGLITE_TX_WAIT_MS = '60000';
    handle = await openTestDatabase('pglite');
    delete process.env.PGLITE_TX_WAIT_MS;
  });
  afterAll(() => handle.close());

  it('runs in a worker thread, not the event loop’s', () => {
    expect(handle.thread).toEqual(expect.any(Number));
    expect(handle.thread).not.toBe(threadId);
  });

  it('leaves the event loop turning while a long statement runs', async () => {
    const loop = countTurns();
    await handle.db.execute(sql`select pg_sleep(0.5)`);
    loop.stop();
    // In the main thread the statement holds the loop for its whole half second: a handful of turns at most.
    expect(loop.turns()).toBeGreaterThan(50);
  });

  it('keeps transactions, savepoints and PostgreSQL’s errors as they were', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(venue('outer'));
      await expect(
        tx.transaction(async (inner) => {
          await inner.execute(venue('inner'));
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(venue('rolled-back'));
        throw new Error('all of it fails');
      }),
    ).rejects.toThrow('all of it fails');
    const slugs = (await handle.db.select({ slug: venues.slug }).from(venues)).map((v) => v.slug);
    expect(slugs).toEqual(['outer']);

    const duplicate = await handle.db.execute(venue('outer')).catch((error: { cause?: { code?: string; constraint?: string } }) => error);
    expect(duplicate).toMatchObject({ cause: { code: '23505', constraint: expect.stringContaining('slug') } });
    // Dates and numbers come back as drizzle reads them.
    const [row] = await handle.db.select({ created: venues.createdAt, id: venues.id }).from(venues).where(eq(venues.slug, 'outer'));
    expect(row.created).toBeInstanceOf(Date);
    expect(row.id).toEqual(expect.any(Number));
  });

  it('serialises concurrent transactions on its one session', async () => {
    const order: string[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        handle.db.transaction(async (tx) => {
          // The transaction begins in the worker with its first statement.
          await tx.execute(sql`select pg_sleep(0.05)`);
          order.push(`${name} begins`);
          await tx.execute(sql`select pg_sleep(0.05)`);
          await tx.execute(venue(`serial-${name}`));
          order.push(`${name} ends`);
        }),
      ),
    );
    expect(order).toEqual(['a begins', 'a ends', 'b begins', 'b ends', 'c begins', 'c ends']);
  });

  // Bookings under a crowd (issue 43): a transaction holds PGlite's one session, so its statements
  // must not wait for the server's busy event loop, nor behind the reads queued outside it.
  it('answers an open transaction’s statements without a turn of the event loop (PGLITE_TX_WAIT_MS)', async () => {
    const loop = countTurns();
    await new Promise((resolve) => setImmediate(resolve));
    let during = -1;
    await handle.db.transaction(async (tx) => {
      // The first statement begins the transaction in the worker; its answer comes through the event loop.
      await tx.execute(sql`select 0 as i`);
      const before = loop.turns();
      for (let i = 1; i < 6; i++) await tx.execute(sql`select ${i}::int as i`);
      during = loop.turns() - before;
    });
    loop.stop();
    expect(during).toBe(0);
  });

  it('sends a transaction’s BEGIN with its first statement, and nothing for a transaction without statements', async () => {
    const thread = { stats: handle.threadStats! };
    const before = await thread.stats();
    await handle.db.transaction(async () => undefined);
    const empty = await thread.stats();
    // Only the second stats call ran: no begin, no end.
    expect(empty).toEqual({ transactions: before.transactions, operations: before.operations + 1 });
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int as i`);
    });
    const after = await thread.stats();
    // Three statements and the end, then this stats call: no message for the BEGIN.
    expect(after).toEqual({ transactions: empty.transactions + 1, operations: empty.operations + 5 });
  });

  it('runs a transaction before the statements outside it that wait', async () => {
    // Each read says when it ended, the transaction when its statement ran: the database's clock orders them.
    const at = (rows: unknown) => String((rows as { rows: { at: string }[] }).rows[0].at);
    const reads = Array.from({ length: 4 }, () => handle.db.execute(sql`select pg_sleep(0.05), clock_timestamp()::text as at`).then(at));
    // The reads are on their way to the worker (a turn of the event loop) before the transaction begins.
    await new Promise((resolve) => setImmediate(resolve));
    const booking = handle.db.transaction(async (tx) => at(await tx.execute(sql`select clock_timestamp()::text as at`)));
    const [ended, ran] = await Promise.all([Promise.all(reads), booking]);
    // The read running when the transaction began finishes first at most; the others wait for it.
    expect(ended.filter((read) => read < ran).length).toBeLessThanOrEqual(1);
  });
});

describe('PGlite’s thread, the bound on waiting for a transaction', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    process.env.LOG_LEVEL = 'silent';
    delete process.env.PGLITE_THREAD;
    delete process.env.PGLITE_TX_SYNC;
    process.env.PGLITE_TX_WAIT_MS = '20';
    handle = await openTestDatabase('pglite');
    delete process.env.PGLITE_TX_WAIT_MS;
  });
  afterAll(() => handle.close());

  it('leaves the event loop turning while a transaction’s long statement runs past the bound', async () => {
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      const loop = countTurns();
      await tx.execute(sql`select pg_sleep(0.5)`);
      loop.stop();
      // Waited for without bound (PGLITE_TX_SYNC=on), the statement holds the loop for its whole half second.
      expect(loop.turns()).toBeGreaterThan(50);
    });
  });
});
