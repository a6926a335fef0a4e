import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { importSecondVenue, SECOND_VENUE, VENUE } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_TOKEN, ownServerPort, siteUrl } from './servers';

/**
 * `npm start` on every bind a deployment uses: HOSTNAME unset, localhost, 127.0.0.1 (the
 * usual one behind nginx), ::1 and 0.0.0.0, each serving every page, also behind a proxy
 * that sends X-Forwarded-Proto and X-Forwarded-Host. Each server is started here from the
 * production build, on its own port and data directory, and stopped by its PID.
 */
const root = path.resolve(__dirname, '../..');

type Server = { process: ChildProcess; origin: string };

async function startSite(name: string, port: number, env: Record<string, string | undefined>): Promise<Server> {
  const dataDir = path.join(root, '.tmp', 'e2e', `bind-${name.replace(/[^a-z0-9.-]/gi, '_')}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const inherited = { ...process.env };
  for (const name of ['HOSTNAME', 'DATABASE_URL', 'BACKEND_URL', 'LOCALHOST_VENUE_HOST']) delete inherited[name];
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Its own process group, so that stopping it stops `next start` below it too.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...inherited, NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'silent', PORT: String(port), DATA_DIR: dataDir, BACKEND_TOKEN: E2E_TOKEN, ADMIN_TOKEN: E2E_ADMIN_TOKEN, ...env },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const host = env.HOSTNAME === '::1' ? '[::1]' : env.HOSTNAME === 'localhost' ? 'localhost' : '127.0.0.1';
  const server = { process: child, origin: `http://${host}:${port}` };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site (${name}) stopped: ${stderr}`);
    const health = await get(`${server.origin}/api/health`, {}, 2_000).catch(() => null);
    if (health?.status === 200) return server;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stopSite(server);
  throw new Error(`the site (${name}) did not answer on ${server.origin}: ${stderr}`);
}

async function stopSite(server: Server) {
  const pid = server.process.pid;
  if (pid === undefined || server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  process.kill(-pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/** One GET with its own time-out: a page that hangs fails here, not at the test's time-out. */
function get(url: string, headers: Record<string, string>, timeoutMs = 10_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, timeout: timeoutMs }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within ${timeoutMs} ms`)));
    request.on('error', reject);
  });
}

const PAGES: [path: string, status: number][] = [
  ['/', 200],
  ['/en', 200],
  ['/reserve', 200],
  ['/en/reserve', 200],
  ['/frontpage/fidelity', 200],
  ['/frontpage/esperienze', 200],
  ['/questa-pagina-non-esiste', 404],
];
const PROXIES: Record<string, Record<string, string>> = {
  direct: {},
  'TLS proxy': { 'x-forwarded-proto': 'https' },
  'forwarded host': { 'x-forwarded-host': 'some.host' },
  'TLS proxy with forwarded host': { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'some.host' },
};

const BINDS: [name: string, hostname: string | undefined][] = [
  ['unset', undefined],
  ['localhost', 'localhost'],
  ['127.0.0.1', '127.0.0.1'],
  ['::1', '::1'],
  ['0.0.0.0', '0.0.0.0'],
];

BINDS.forEach(([name, hostname], n) => {
  test(`HOSTNAME ${name}: every page answers, also behind a proxy`, async () => {
    test.setTimeout(120_000);
    const server = await startSite(name, ownServerPort(n), { HOSTNAME: hostname });
    try {
      for (const [proxy, headers] of Object.entries(PROXIES)) {
        for (const [page, status] of PAGES) {
          const answer = await get(`${server.origin}${page}`, headers);
          expect([proxy, page, answer.status]).toEqual([proxy, page, status]);
          expect(answer.body, `${proxy} ${page}`).toContain(VENUE);
        }
        const health = await get(`${server.origin}/api/health`, headers);
        expect([proxy, health.status]).toEqual([proxy, 200]);
        // A redirect stays on the address the guest used: a relative Location, not the bind address.
        const redirect = await get(`${server.origin}/it/reserve?src=x`, headers);
        expect([redirect.status, redirect.headers.location]).toEqual([307, '/reserve?src=x']);
        // Internal paths stay internal on every bind too.
        const internal = await get(`${server.origin}/v/localhost/en/reserve.json`, headers);
        expect(internal.status).toBe(404);
      }
    } finally {
      await stopSite(server);
    }
  });
});

/** Spec section 7, "Local development": opened on localhost, the site serves the venue host LOCALHOST_VENUE_HOST names. */
test.describe('LOCALHOST_VENUE_HOST', () => {
  test.beforeAll(async ({ request }) => {
    await importSecondVenue(request);
  });

  test('the built-in backend serves that venue on localhost', async ({ request }) => {
    test.setTimeout(120_000);
    const server = await startSite('localhost-venue', ownServerPort(5), { HOSTNAME: '127.0.0.1', LOCALHOST_VENUE_HOST: 'seconda.localhost' });
    try {
      await importSecondVenue(request, server.origin);
      for (const page of ['/', '/en/reserve']) {
        const answer = await get(`${server.origin}${page}`, {});
        expect(answer.status).toBe(200);
        expect(answer.body).toMatch(new RegExp(`<title>${SECOND_VENUE} - `));
        expect(answer.body).not.toContain(`<title>${VENUE}`);
      }
    } finally {
      await stopSite(server);
    }
  });

  test('a legacy backend is asked for that host', async () => {
    test.setTimeout(120_000);
    const server = await startSite('localhost-venue-legacy', ownServerPort(6), {
      HOSTNAME: '127.0.0.1',
      LOCALHOST_VENUE_HOST: 'seconda.localhost',
      BACKEND_URL: siteUrl('builtin'),
      SEED_DEMO: 'false',
    });
    try {
      const answer = await get(`${server.origin}/`, {});
      expect(answer.status).toBe(200);
      expect(answer.body).toMatch(new RegExp(`<title>${SECOND_VENUE} - `));
      expect(answer.body).not.toContain(VENUE);
    } finally {
      await stopSite(server);
    }
  });
});
