import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Migrated templates of the two databases, made once per test run (global setup) and copied by every
 * suite instead of creating and migrating its own from nothing: creating a PGlite directory is an
 * initdb in WebAssembly (about 8 s of CPU on the CI machine, a second or two to copy and open a made
 * one), and a PostgreSQL database from a template skips the 28 migrations. The suites still open
 * their copy through `openDatabase`, which still runs the migrator (it finds them applied); the
 * suites that check a migration from nothing (tests/integration/database.test.ts, health) open
 * an empty directory or database as before.
 */

const ROOT = path.resolve(__dirname, '..', '..');
const MIGRATIONS = path.join(ROOT, 'server', 'db', 'migrations');

/** The migrations' files and PGlite's version: a template made from other ones is not used. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8')) as { version: string };
  hash.update(pkg.version);
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(MIGRATIONS, file)).update('\0').update(fs.readFileSync(file)).update('\0');
    }
  };
  walk(MIGRATIONS);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A closed, migrated PGlite directory for the current migrations, kept in .tmp/pglite-template/<key>
 * (made in a directory of its own and renamed into place, so a half-made one is never used), so
 * the three faketime runs and the next `npm test` reuse it. Returns the directory to copy.
 */
export async function makePgliteTemplate(): Promise<string> {
  const base = path.join(ROOT, '.tmp', 'pglite-template');
  const done = path.join(base, migrationsKey());
  if (fs.existsSync(path.join(done, 'PG_VERSION'))) return done;
  fs.mkdirSync(base, { recursive: true });
  const making = fs.mkdtempSync(path.join(base, 'making-'));
  const dir = path.join(making, 'pglite');
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pg = await PGlite.create(dir);
  try {
    await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS });
  } finally {
    await pg.close();
  }
  try {
    fs.renameSync(dir, done);
  } catch (error) {
    // Another run made it meanwhile: keep theirs.
    if (!fs.existsSync(path.join(done, 'PG_VERSION'))) throw error;
  }
  fs.rmSync(making, { recursive: true, force: true });
  return done;
}

/** Name of the migrated template database on the test PostgreSQL server (global setup). */
export const PG_TEMPLATE = 'frontpage_template';

/** Creates PG_TEMPLATE on the server at `serverUrl` and applies the migrations to it. */
export async function makePostgresTemplate(serverUrl: string): Promise<string> {
  const { Client } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${PG_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${PG_TEMPLATE}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS });
  } finally {
    // No session may stay on a template while databases are created from it.
    await client.end();
  }
  return PG_TEMPLATE;
}

/**
 * Puts a copy of the migrated PGlite template where `openDatabase({ dataDir })` opens it
 * (`{dataDir}/pglite`); without a template (TEST_PGLITE_TEMPLATE unset) leaves the directory empty.
 */
export function copyPgliteTemplate(dataDir: string): void {
  const template = process.env.TEST_PGLITE_TEMPLATE;
  if (!template) return;
  fs.cpSync(template, path.join(dataDir, 'pglite'), { recursive: true });
}
