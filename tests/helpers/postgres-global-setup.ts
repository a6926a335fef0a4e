import { startThrowawayPostgres, type ThrowawayServer } from './postgres-server';

/** One PostgreSQL server for the whole integration run; each test file makes its own database. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const server = await startThrowawayPostgres();
  process.env.TEST_DATABASE_URL = server.url;
  (globalThis as { __pgServer?: ThrowawayServer }).__pgServer = server;
}
