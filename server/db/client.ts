import 'server-only';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { acquireDirectoryLock } from './lock';
import { PgliteThread } from './pglite-thread';
import { probePglite, probePool } from './probe';
import { beginWithFirstStatement } from './begin';
import type { Db } from './types';
import { config, projectPath } from '@/server/runtime/config';
import { log } from '@/lib/log';

/** The process's database, as its handle holds it: the same type as `Db`, which core functions take. */
export type Database = Db;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** node-postgres: the pool's connections now, for /metrics (server/observability/scrape.ts). */
  pool?: { totalCount: number; idleCount: number; waitingCount: number; max: number };
  /** PGlite: the thread it runs in, a worker's (server/db/pglite-thread.ts), the server's own only with PGLITE_THREAD=off. */
  thread?: number;
  /** PGlite in its worker: what the worker has done, transactions begun and operations run (tests, `npm run bench -- --hot`). */
  threadStats?: () => Promise<{ transactions: number; operations: number }>;
  close(): Promise<void>;
}

const MIGRATIONS = projectPath('server/db/migrations');
/** Serialises migrations when several processes start against one PostgreSQL server. */
const MIGRATION_LOCK_ID = 7_241_991;

/**
 * Opens the database and applies pending migrations: node-postgres when a URL is
 * given, otherwise PGlite in `{dataDir}/pglite`, guarded by a lock file, in a worker
 * thread of its own (issue 43: its statements never hold the server's event loop).
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const max = Number(process.env.DATABASE_POOL_SIZE) || 10;
    const pool = new Pool({ connectionString: options.databaseUrl, max });
    probePool(pool);
    // After the probe's: the probe sees what goes on the wire.
    pool.on('connect', (client) => beginWithFirstStatement(client as unknown as Parameters<typeof beginWithFirstStatement>[0]));
    const db: Db = drizzle(pool, { schema });
    try {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        client.release();
      }
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    const usage = {
      get totalCount() {
        return pool.totalCount;
      },
      get idleCount() {
        return pool.idleCount;
      },
      get waitingCount() {
        return pool.waitingCount;
      },
      max,
    };
    return { db, driver: 'postgres', pool: usage, close: () => pool.end() };
  }

  const release = acquireDirectoryLock(options.dataDir);
  let client: PgliteThread | PGlite | undefined;
  try {
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const dir = path.join(options.dataDir, 'pglite');
    // PGLITE_THREAD=off: PGlite in the server's own thread, as before issue 43, to measure the difference (docs/performance.md).
    client = process.env.PGLITE_THREAD === 'off' ? await (await import('@electric-sql/pglite')).PGlite.create(dir) : await PgliteThread.open(dir);
    probePglite(client);
    // drizzle's PGlite driver calls `query`, `exec` and `transaction` (with `tx.query`, `tx.exec`): the thread's stand-in has them.
    const db = drizzle(client as PGlite, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const opened = client;
    return {
      db,
      driver: 'pglite',
      thread: opened instanceof PgliteThread ? opened.threadId : threadId,
      threadStats: opened instanceof PgliteThread ? () => opened.stats() : undefined,
      close: async () => {
        await opened.close();
        release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    release();
    throw error;
  }
}

type Shared = { handle?: Promise<DatabaseHandle>; closed?: boolean };
const shared = globalThis as typeof globalThis & { __frontpageDb?: Shared };

/** The process's one database handle (PGlite allows one instance per directory). */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const state = (shared.__frontpageDb ??= {});
  // After closeDatabase (shutdown) the database is not opened again: that would take the PGlite lock back.
  if (state.closed) return Promise.reject(new Error('The database is closed: the server is shutting down'));
  if (!state.handle) {
    state.handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }).then(
      (handle) => {
        log.info('database_open', { driver: handle.driver });
        return handle;
      },
      (error) => {
        state.handle = undefined;
        throw error;
      },
    );
  }
  return state.handle;
}

/** The process's handle when its database is open (or opening), else null: never opens it (server/observability/scrape.ts). */
export function openedDatabaseHandle(): Promise<DatabaseHandle> | null {
  const state = shared.__frontpageDb;
  return state && !state.closed && state.handle ? state.handle : null;
}

/** Closes the process's database handle, if one was opened, for good (graceful shutdown). */
export async function closeDatabase(): Promise<void> {
  const state = (shared.__frontpageDb ??= {});
  state.closed = true;
  const pending = state.handle;
  state.handle = undefined;
  if (!pending) return;
  const handle = await pending.catch(() => undefined);
  if (!handle) return;
  await handle.close();
  log.info('database_closed', { driver: handle.driver });
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
