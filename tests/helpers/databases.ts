import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '@/server/db/client';

export type Driver = 'pglite' | 'postgres';
export const DRIVERS: Driver[] = ['pglite', 'postgres'];

export function tempDir(prefix = 'frontpage-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** A fresh, empty database on the test PostgreSQL server; returns its URL. */
export async function createPostgresDatabase(): Promise<string> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set: the integration global setup starts a server.');
  const name = `t_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A migrated database of either driver, in its own directory or database. */
export async function openTestDatabase(driver: Driver): Promise<DatabaseHandle & { dataDir: string }> {
  const dataDir = tempDir();
  const databaseUrl = driver === 'postgres' ? await createPostgresDatabase() : undefined;
  const handle = await openDatabase({ databaseUrl, dataDir });
  return {
    ...handle,
    dataDir,
    close: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
