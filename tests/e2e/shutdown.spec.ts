import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_TOKEN } from './servers';
import { groupAlive, killGroup, opsPort, portOpen, siteEnv, startDetached, tempDataDir, waitReady, type Started } from './processes';
import { VENUE } from './helpers';

/**
 * `npm start` on embedded PGlite, stopped by a signal to npm's own process: the request
 * in flight is answered, then the port closes, no process is left, the database lock is
 * released, and the site starts again on the same data directory.
 */
test.describe('graceful shutdown of npm start', () => {
  // The first start creates the embedded database and applies the migrations.
  test.describe.configure({ timeout: 120_000 });
  const port = opsPort(0);
  let dataDir: string;
  let site: Started | undefined;

  test.beforeAll(() => {
    dataDir = tempDataDir('shutdown');
  });
  test.afterEach(() => killGroup(site?.process.pid));
  test.afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** A contract call whose body arrives in two halves: the request is in flight between them. */
  function slowRequest() {
    const body = ['page=1', '&language=it'];
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/backend/api/frontpage/location/getlocation',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${E2E_TOKEN}`, 'content-length': Buffer.byteLength(body.join('')) },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on('response', (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on('error', reject);
    });
    request.write(body[0]);
    return { finish: () => request.end(body[1]), answer };
  }

  async function waitGone(started: Started) {
    const pgid = started.process.pid!;
    await expect.poll(() => groupAlive(pgid), { timeout: 20_000, message: `processes of npm start left:\n${started.output()}` }).toBe(false);
    expect(await portOpen(port)).toBe(false);
  }

  test('SIGTERM to npm finishes the request in flight, stops every process and releases the PGlite lock', async () => {
    site = startDetached('npm', ['start'], siteEnv(port, dataDir, { LOG_LEVEL: 'info' }));
    await waitReady(port, site);
    const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
    expect(live.status).toBe(200);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);

    const inFlight = slowRequest();
    await new Promise((resolve) => setTimeout(resolve, 500));
    process.kill(site.process.pid!, 'SIGTERM');
    // The server stops accepting connections, and still answers the request it has.
    await expect.poll(() => portOpen(port), { timeout: 10_000 }).toBe(false);
    inFlight.finish();
    const answered = await inFlight.answer;
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ status: true, data: { locationname: VENUE } });

    await waitGone(site);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const events = site
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; signal?: string; driver?: string });
    expect(events).toContainEqual(expect.objectContaining({ event: 'shutdown_started', signal: 'SIGTERM' }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'database_closed', driver: 'pglite' }));
    expect(events).toContainEqual(expect.objectContaining({ event: 'shutdown_complete' }));
  });

  test('the site starts again on the same data directory, and SIGINT to npm stops it too', async () => {
    site = startDetached('npm', ['start'], siteEnv(port, dataDir, { LOG_LEVEL: 'info' }));
    await waitReady(port, site);
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toMatchObject({ status: 'ok', database: { status: 'up', driver: 'pglite' } });
    process.kill(site.process.pid!, 'SIGINT');
    await waitGone(site);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });
});
