import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';
import { forgetVenueContexts } from '@/server/venues/context';
import { pinTestClock, placeDemoCalendar } from './clock';
import { copyPgliteTemplate } from './templates';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export function tempDir(prefix = 'frontpage-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A temporary data directory holding a copy of the migrated PGlite template (tests/helpers/templates.ts), if there is one. */
export function migratedDataDir(prefix?: string): string {
  const dir = tempDir(prefix);
  copyPgliteTemplate(dir);
  return dir;
}

/**
 * A fresh database on the test PostgreSQL server; returns its URL. Empty, or with `migrated`, a copy of
 * the migrated template the global setup made (tests/helpers/templates.ts), when there is one.
 */
export async function createPostgresDatabase(options: { migrated?: boolean } = {}): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: the integration global setup starts a server.');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const template = options.migrated ? process.env.TEST_PG_TEMPLATE : undefined;
    await client.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated database of either driver, in its own directory or database: a copy of the migrated
 * template (tests/helpers/templates.ts), or with `fresh`, migrated from nothing when it opens.
 */
export async function openTestDatabase(driver: Driver, options: { fresh?: boolean } = {}): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = tempDir();
  if (driver === 'pglite' && !options.fresh) copyPgliteTemplate(dataDir);
  const databaseUrl = driver === 'postgres' ? await createPostgresDatabase({ migrated: !options.fresh }) : undefined;
  const handle = await openDatabase({ databaseUrl, dataDir });
  // The venues resolved from another database are not this one's (server/venues/context.ts).
  forgetVenueContexts();
  return {
    ...handle,
    dataDir,
    close: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type SiteDatabaseOptions = {
  /** Seed the demo venue (default true). */
  seed?: boolean;
  /** Place the demo venue's shifts and events on the test calendar (placeDemoCalendar). */
  calendar?: boolean;
  /** Take the card guarantee and the SMS code off the demo venue, for suites not about them. */
  plainBooking?: boolean;
  /** Take only the SMS code off the demo venue (its card guarantee stays), for suites about guaranteed bookings. */
  noSmsCode?: boolean;
  /** The moment the clock is pinned to (TEST_NOW by default). */
  now?: Date;
};

/**
 * The site's own database for an integration suite, as every suite sets it up: quiet logs, the
 * pinned clock, no outbox loop, a fresh data directory and (on `postgres`) a fresh database
 * given to the site as DATA_DIR and DATABASE_URL, the demo venue seeded. Call it in the suite's
 * describe: it registers the beforeAll that makes it (before the suite's own) and the afterAll
 * that closes and removes it. The suite reads it through `getDb()` as the site does.
 */
export function useSiteDatabase(driver: Driver, options: SiteDatabaseOptions = {}): { dataDir: () => string } {
  let dataDir = '';
  beforeAll(async () => {
    process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
    process.env.OUTBOX_INTERVAL_MS = '3600000';
    await pinTestClock(options.now);
    forgetVenueContexts();
    dataDir = tempDir();
    process.env.DATA_DIR = dataDir;
    delete process.env.BACKEND_URL;
    // A copy of the migrated template (tests/helpers/templates.ts); the site's migrator finds it up to date.
    if (driver === 'postgres') process.env.DATABASE_URL = await createPostgresDatabase({ migrated: true });
    else {
      delete process.env.DATABASE_URL;
      copyPgliteTemplate(dataDir);
    }
    const { getDb } = await import('@/server/db/client');
    const db = await getDb();
    if (options.seed !== false) {
      const { seedDemoVenue } = await import('@/server/venues/seed');
      await seedDemoVenue(db);
    }
    if (options.calendar) await placeDemoCalendar(db);
    if (options.plainBooking || options.noSmsCode) {
      const { venues } = await import('@/server/db/schema');
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      const guarantee = options.plainBooking ? { guarantee: undefined } : {};
      await db.update(venues).set({ booking: { ...demo.booking!, ...guarantee, smsConfirmation: { mode: 'never', covers: 0 } } }).where(eq(venues.id, demo.id));
      forgetVenueContexts();
    }
  });
  afterAll(async () => {
    const { getDatabaseHandle } = await import('@/server/db/client');
    await (await getDatabaseHandle()).close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { dataDir: () => dataDir };
}
