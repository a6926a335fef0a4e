import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { outbox } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { kickDelivery, startDeliveryLoop, stopDeliveryLoop } from '@/server/outbox/delivery';
import { startHousekeeping, stopHousekeeping } from '@/server/runtime/housekeeping';
import type { MailTransport } from '@/server/outbox/transport';
import { migratedDataDir, openTestDatabase, tempDir } from '../helpers/databases';

/** What a graceful shutdown (server/runtime/shutdown.ts) relies on: loops that stop after their work in progress, and a database that closes for good. */
const settled = (promise: Promise<unknown>) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 200))]);
const mail = (to: string) => ({ venueId: null, template: 'test', locale: 'it', to, subject: 's', text: 't' });

beforeAll(() => {
  process.env.LOG_LEVEL = 'silent';
});

describe('stopping the loops', () => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
  });
  afterAll(() => handle.close());

  it('the delivery loop stops after the send in progress, which is marked sent, and sends nothing more', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const sent: string[] = [];
    let started!: () => void;
    const sending = new Promise<void>((resolve) => (started = resolve));
    const transport: MailTransport = {
      describe: 'gated',
      async send(message) {
        started();
        await gate;
        sent.push(message.recipient);
      },
    };
    const id = await enqueueEmail(handle.db, mail('inflight@example.com'));
    startDeliveryLoop(async () => handle.db, transport, 60_000);
    kickDelivery();
    await sending;

    const stopped = stopDeliveryLoop();
    expect(await settled(stopped)).toBe(false); // waits for the send in progress
    release();
    await stopped;
    const [row] = await handle.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row.status).toBe('sent');

    await enqueueEmail(handle.db, mail('after@example.com'));
    kickDelivery();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sent).toEqual(['inflight@example.com']);
  });

  it('housekeeping stops after the sweep in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let sweeps = 0;
    startHousekeeping(async () => {
      sweeps++;
      await gate;
      return handle.db;
    }, 20);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sweeps).toBe(1); // one sweep at a time
    const stopped = stopHousekeeping();
    expect(await settled(stopped)).toBe(false);
    release();
    await stopped;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sweeps).toBe(1);
  });
});

describe('closing the database', () => {
  beforeEach(() => {
    jest.resetModules();
    delete process.env.DATABASE_URL;
    delete (globalThis as { __frontpageDb?: unknown }).__frontpageDb;
  });

  it('closes PGlite, releases its lock, and does not open it again', async () => {
    const dataDir = migratedDataDir();
    process.env.DATA_DIR = dataDir;
    const { closeDatabase, getDatabaseHandle } = await import('@/server/db/client');
    await getDatabaseHandle();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    await closeDatabase();
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    await expect(getDatabaseHandle()).rejects.toThrow(/closed/);
  });

  it('is a no-op when no database was opened', async () => {
    process.env.DATA_DIR = tempDir();
    const { closeDatabase } = await import('@/server/db/client');
    await expect(closeDatabase()).resolves.toBeUndefined();
  });
});
