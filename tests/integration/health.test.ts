import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { tempDir } from '../helpers/databases';

/** `GET /api/health`: 200 with the database reachable, 503 otherwise. */
describe('health check', () => {
  beforeEach(() => {
    jest.resetModules();
    process.env.LOG_LEVEL = 'silent';
    delete process.env.DATABASE_URL;
    delete (globalThis as { __frontpageDb?: unknown }).__frontpageDb;
  });

  it('answers 200 when the database answers', async () => {
    process.env.DATA_DIR = tempDir();
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
    const { getDatabaseHandle } = await import('@/server/db/client');
    await (await getDatabaseHandle()).close();
  });

  it('answers 503 when the database cannot be reached', async () => {
    // The embedded database is held by another (live) process.
    const dataDir = tempDir();
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    fs.writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: holder.pid }));
    process.env.DATA_DIR = dataDir;
    try {
      const { GET } = await import('@/app/api/health/route');
      const response = await GET();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: 'unavailable', database: 'down' });
    } finally {
      holder.kill();
    }
  });

  it('answers 503 when PostgreSQL is down', async () => {
    process.env.DATA_DIR = tempDir();
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    const { GET } = await import('@/app/api/health/route');
    expect((await GET()).status).toBe(503);
  });
});
