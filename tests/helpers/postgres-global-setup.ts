import { startThrowawayPostgres, type ThrowawayServer } from './postgres-server';
import { makePgliteTemplate, makePostgresTemplate } from './templates';

/**
 * One PostgreSQL server for the whole integration run; each test file makes its own database, a copy of
 * a migrated template database. The migrated PGlite directory the suites copy is made here too
 * (tests/helpers/templates.ts).
 */
export default async function setup() {
  // TEST_TEMPLATES=off: every suite creates and migrates its databases from nothing, as before the templates (to compare).
  const templates = process.env.TEST_TEMPLATES !== 'off';
  if (templates) process.env.TEST_PGLITE_TEMPLATE ??= await makePgliteTemplate();
  if (process.env.TEST_DATABASE_URL) return;
  const server = await startThrowawayPostgres();
  process.env.TEST_DATABASE_URL = server.url;
  (globalThis as { __pgServer?: ThrowawayServer }).__pgServer = server;
  if (templates) process.env.TEST_PG_TEMPLATE = await makePostgresTemplate(server.url);
}
