import { eq, like } from 'drizzle-orm';
import { outbox } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import type { Db } from '@/server/db/types';
import { DRIVERS, openTestDatabase } from '../helpers/databases';

const mail = (to: string) => ({ venueId: null, template: 'test', locale: 'it', to, subject: 'Prova', text: 'Ciao!', html: '<p>Ciao!</p>' });

/** A core function as they are written: it takes a Db and opens its own transaction on it. */
async function queueTwice(db: Db, to: string, fail: boolean) {
  return db.transaction(async (tx) => {
    await enqueueEmail(tx, mail(to));
    await enqueueEmail(tx, mail(to));
    if (fail) throw new Error('inner failed');
  });
}

const count = (db: Db, to: string) => db.$count(outbox, eq(outbox.recipient, to));

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

// server/db/types.ts: a transaction is a Db, so core functions take either; one that opens
// `.transaction` on a transaction gets a savepoint, as drizzle makes on both drivers.
describe.each(DRIVERS)('Db, a database or a transaction, on %s', (driver) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  it('runs a Db function on the database and inside a transaction alike', async () => {
    await queueTwice(handle.db, 'plain@example.com', false);
    await handle.db.transaction((tx) => queueTwice(tx, 'nested@example.com', false));
    expect(await count(handle.db, 'plain@example.com')).toBe(2);
    expect(await count(handle.db, 'nested@example.com')).toBe(2);
  });

  it('rolls a failed nested transaction back to its savepoint, and keeps the outer work', async () => {
    await handle.db.transaction(async (tx) => {
      await enqueueEmail(tx, mail('outer@example.com'));
      await expect(queueTwice(tx, 'inner@example.com', true)).rejects.toThrow('inner failed');
      expect(await count(tx, 'inner@example.com')).toBe(0);
    });
    expect(await count(handle.db, 'outer@example.com')).toBe(1);
    expect(await count(handle.db, 'inner@example.com')).toBe(0);
  });

  it('rolls the nested work back with the outer transaction', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await queueTwice(tx, 'both@example.com', false);
        throw new Error('outer failed');
      }),
    ).rejects.toThrow('outer failed');
    expect(await handle.db.$count(outbox, like(outbox.recipient, 'both@%'))).toBe(0);
  });
});
