import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { messages } from './helpers';
import { E2E_PORT_BASE } from './servers';

/**
 * A site in legacy mode whose backend is a stub this spec controls (spec section 7: a failed
 * data load reads as empty, the site stays up). The stub picks its behaviour by the guest
 * host it is sent (`X-Forwarded-Host`), so each failure mode has its own venue key and its
 * own cached pages: `four` answers the spec's four location fields and nothing more,
 * `http500`, `hang` (never answers), `badjson`, `wrongshape` fail, `nobody` is a venue the
 * backend does not know. Connection refused is the stub's port closed.
 */
const SITE_PORT = E2E_PORT_BASE + 30;
const STUB_PORT = E2E_PORT_BASE + 31;
const TOKEN = 'backend-down-token';
const VENUE_NAME = 'Osteria Quattro Campi';
const HEADER_META = '<meta name="venue-check" content="quattro">';
const root = path.resolve(__dirname, '../..');

type Mode = 'four' | 'http500' | 'hang' | 'badjson' | 'wrongshape' | 'nobody';
const modes = new Map<string, Mode>();
const hits: { call: string; host: string }[] = [];
let stub: http.Server;
let site: ChildProcess;

const FOUR_FIELDS = { valuta: '€', locationname: VENUE_NAME, customHeader: HEADER_META, customFooter: '<p class="quattro-footer">Quattro</p>' };
const OK: Record<string, unknown> = {
  'location/getlocation': FOUR_FIELDS,
  'services/getallservices': { prefixList: [{ paese: 'Italia', prefisso: '+39' }] },
  'experience/getexperiencelist': { elenco: [], pagine: 0, totale: 0 },
};

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const call = (req.url ?? '').replace('/backend/api/frontpage/', '');
  const host = String(req.headers['x-forwarded-host'] ?? '');
  hits.push({ call, host });
  const mode = modes.get(host.split('.')[0]) ?? (host.split('.')[0] as Mode);
  const send = (status: number, body: string) => res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, '{"status":false,"error":"unauthorized"}');
  switch (mode) {
    case 'four':
      return send(200, JSON.stringify(call in OK ? { status: true, data: OK[call] } : { status: false, error: 'generic' }));
    case 'http500':
      return send(500, '{"status":false}');
    case 'hang':
      return; // never answers: the site's BACKEND_TIMEOUT_MS gives up
    case 'badjson':
      return send(200, '{"status": true, "data": {"locationname": "Trunc');
    case 'wrongshape':
      return send(200, JSON.stringify({ status: true, data: ['not', 'a', 'location'] }));
    case 'nobody':
      return send(404, '{"status":false,"error":"venueNotFound"}');
  }
  send(500, '{}');
}

const listen = () => new Promise<void>((resolve) => stub.listen(STUB_PORT, '127.0.0.1', resolve));
const close = () =>
  new Promise<void>((resolve) => {
    stub.closeAllConnections();
    stub.close(() => resolve());
  });

/** A GET with the given Host header, as a browser behind DNS would send it. */
function get(host: string, pathname: string, init: { method?: string; body?: unknown } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const data = init.body === undefined ? undefined : JSON.stringify(init.body);
    const req = http.request(
      { host: '127.0.0.1', port: SITE_PORT, path: pathname, method: init.method ?? 'GET', headers: { host: `${host}:${SITE_PORT}`, ...(data ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stub = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(req, res));
  });
  await listen();
  const dataDir = path.join(root, '.tmp', 'e2e', 'backend-down');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(SITE_PORT),
    DATA_DIR: dataDir,
    BACKEND_URL: `http://127.0.0.1:${STUB_PORT}`,
    BACKEND_TOKEN: TOKEN,
    BACKEND_TIMEOUT_MS: '1500',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  };
  delete env.DATABASE_URL;
  delete env.HOSTNAME;
  site = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(SITE_PORT)], { cwd: root, env, stdio: 'ignore' });
  for (let i = 0; i < 120; i++) {
    const up = await get('localhost', '/api/health').catch(() => null);
    if (up?.status === 200) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the site did not start');
});

test.afterAll(async () => {
  site?.kill('SIGTERM');
  if (stub.listening) await close();
});

const en = messages('en');
const pages = ['/en', '/en/reserve', '/en/frontpage/fidelity', '/en/frontpage/fidelity/lookup', '/en/frontpage/esperienze', '/en/frontpage/giftcards', '/en/promo/estate'];

/** The page rendered, in English, without any venue data. */
function expectEmptyVenue(page: { status: number; body: string }) {
  expect(page.status).toBe(200);
  expect(page.body).toContain('<html lang="en"');
  expect(page.body).not.toContain(VENUE_NAME);
  expect(page.body).not.toContain('venue-check');
  expect(page.body).not.toContain('quattro-footer');
  // The not-found boundary is always in the page's RSC data; the HTML a guest sees must not show it.
  expect(page.body.replace(/<script[\s\S]*?<\/script>/g, '')).not.toContain(en('notFound.title'));
}

for (const mode of ['http500', 'hang', 'badjson', 'wrongshape'] as const) {
  test(`a backend answering ${mode}: every page renders with 200 and no venue data`, async () => {
    test.setTimeout(120_000);
    for (const pathname of pages) expectEmptyVenue(await get(`${mode}.localhost`, pathname));
    // A booking's own page cannot be read: "service unavailable", not "page not found".
    const booking = await get(`${mode}.localhost`, '/en/reserve/0123456789abcdef/edit');
    expectEmptyVenue(booking);
    expect(booking.body).toContain(en('errors.unavailableTitle'));
    // Pages still render their own texts: the loyalty form, the booking wizard's heading.
    expect((await get(`${mode}.localhost`, '/en/frontpage/fidelity')).body).toContain(en('fidelity.submit'));
  });
}

test('a backend refusing connections: every page renders with 200 and no venue data', async () => {
  await close();
  try {
    for (const pathname of pages) expectEmptyVenue(await get('refused.localhost', pathname));
  } finally {
    await listen();
  }
});

test('a page is loaded once per call: one getlocation per render, the failure not cached', async () => {
  hits.length = 0;
  expectEmptyVenue(await get('http500.localhost', '/en/frontpage/giftcard/checkout'));
  expect(hits.filter((h) => h.call === 'location/getlocation')).toHaveLength(1);
});

test('a page rendered while the backend was down is rendered again once it is back', async () => {
  modes.set('recover', 'http500');
  expectEmptyVenue(await get('recover.localhost', '/en/reserve'));
  modes.set('recover', 'four');
  await new Promise((r) => setTimeout(r, 1_200));
  // The first request after the back-end's return may get the stale page while it re-renders.
  const seen: string[] = [];
  for (let i = 0; i < 3 && !seen.some((b) => b.includes(VENUE_NAME)); i++) {
    seen.push((await get('recover.localhost', '/en/reserve')).body);
    await new Promise((r) => setTimeout(r, 300));
  }
  expect(seen.some((b) => b.includes(VENUE_NAME))).toBe(true);
  expect(seen.length).toBeLessThanOrEqual(2);
});

/** The HTML without its scripts: what a guest (or a crawler) sees before any JavaScript runs. */
const html = (body: string) => body.replace(/<script[\s\S]*?<\/script>/g, '');

test('a venue the backend does not know is a 404 with the translated not-found page', async () => {
  const page = await get('nobody.localhost', '/en/reserve');
  expect(page.status).toBe(404);
  expect(html(page.body)).toContain(`<h1>${en('notFound.title')}</h1>`);
});

test('an unknown path is a 404 whose text is in the server-rendered HTML', async ({ page }) => {
  for (const host of ['four.localhost', 'http500.localhost']) {
    const answer = await get(host, '/en/nope');
    expect(answer.status).toBe(404);
    expect(html(answer.body)).toContain(`<h1>${en('notFound.title')}</h1>`);
    expect(html(answer.body)).toContain(en('notFound.text'));
  }
  // In the browser the same page stays once JavaScript has run.
  const response = await page.goto(`http://four.localhost:${SITE_PORT}/en/nope`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: en('notFound.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: en('notFound.reserve') })).toBeVisible();
  await expect(page.getByText(en('errors.title'))).toHaveCount(0);
});

test("a location of only the spec's four fields gets the whole site", async ({ page }) => {
  const origin = `http://four.localhost:${SITE_PORT}`;
  await page.goto(`${origin}/en`);
  await expect(page.getByRole('link', { name: VENUE_NAME })).toBeVisible();
  const nav = page.getByRole('navigation', { name: en('shell.mainNavigation') });
  await expect(nav.getByRole('link', { name: en('shell.nav.giftcards') })).toBeVisible();
  await expect(nav.getByRole('link', { name: en('shell.nav.fidelity') })).toBeVisible();
  await expect(page.locator('meta[name="venue-check"]')).toHaveAttribute('content', 'quattro');
  await expect(page.locator('.quattro-footer')).toHaveText('Quattro');
  await nav.getByRole('link', { name: en('shell.nav.fidelity') }).click();
  await expect(page.getByRole('button', { name: en('fidelity.submit') })).toBeVisible();
  await expect(page.getByText(en('fidelity.landing.disabled'))).toHaveCount(0);
});

test('a submit that cannot reach the backend says so with 503 and keeps what was typed', async ({ page }) => {
  modes.set('submit', 'four');
  await page.goto(`http://submit.localhost:${SITE_PORT}/en/frontpage/fidelity`);
  await expect(page.getByRole('button', { name: en('fidelity.submit') })).toBeVisible();
  const fields = { nome: 'Paolo', cognome: 'Gialli', email: 'paolo.gialli@example.com', telefono: '3401234567' };
  for (const [name, value] of Object.entries(fields)) await page.locator(`input[name="${name}"]`).fill(value);
  await page.locator('select[name="compleannoGiorno"]').selectOption('2');
  await page.locator('select[name="compleannoMese"]').selectOption('3');
  await page.locator('input[name="privacy"]').check();
  await page.locator('input[name="marketing"]').check();

  const submitWhile = async (down: () => Promise<void>, up: () => Promise<void>) => {
    await down();
    try {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/fidelity'));
      await page.getByRole('button', { name: en('fidelity.submit') }).click();
      expect((await answered).status()).toBe(503);
      await expect(page.locator('#fidelity').getByRole('alert')).toHaveText(en('forms.errors.unavailable'));
      await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);
      for (const [name, value] of Object.entries(fields)) await expect(page.locator(`input[name="${name}"]`)).toHaveValue(value);
      await expect(page.locator('select[name="compleannoMese"]')).toHaveValue('3');
      await expect(page.locator('input[name="privacy"]')).toBeChecked();
    } finally {
      await up();
    }
  };
  await submitWhile(async () => void modes.set('submit', 'http500'), async () => void modes.set('submit', 'four'));
  await submitWhile(async () => void modes.set('submit', 'hang'), async () => void modes.set('submit', 'four'));
  await submitWhile(close, listen);
});

test('the booking and loyalty calls answer 503 unavailable when the backend is down, never 404', async () => {
  const calls: [string, unknown][] = [
    ['/api/reservation', { pax: 2, date: '2030-01-01', time: '20:00', zone: 'sala', nome: 'A', cognome: 'B', email: 'a@b.it', prefisso: '+39', telefono: '3401234567', privacy: true }],
    ['/api/reservation/hold', { pax: 2, date: '2030-01-01', time: '20:00', zone: 'sala' }],
    ['/api/reservation/cancel', { hash: 'abc' }],
    ['/api/fidelity/lookup', { email: 'a@b.it' }],
  ];
  for (const mode of ['http500', 'badjson', 'wrongshape'] as const) {
    // `fidelity/lookup` reads no data: a well-formed `status: true` is its whole answer.
    for (const [pathname, body] of calls.filter(([p]) => mode !== 'wrongshape' || !p.includes('lookup'))) {
      const res = await get(`${mode}.localhost`, pathname, { method: 'POST', body });
      expect([pathname, res.status, JSON.parse(res.body)]).toEqual([pathname, 503, { error: 'unavailable' }]);
    }
  }
  const month = await get('http500.localhost', '/api/reservation/month?year=2030&month=1&pax=2');
  expect([month.status, JSON.parse(month.body)]).toEqual([503, { error: 'unavailable' }]);
});

/** A browser's plain form POST (the signed link pages' forms), with the given Host header. */
function postForm(host: string, pathname: string, values: Record<string, string>) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const data = new URLSearchParams(values).toString();
    const req = http.request(
      { host: '127.0.0.1', port: SITE_PORT, path: pathname, method: 'POST', headers: { host: `${host}:${SITE_PORT}`, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}:${SITE_PORT}` } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

test('the signed link pages say "Service unavailable", and their forms answer a translated 503 page, when the backend is down (issue 41)', async () => {
  const [hash, s] = ['A'.repeat(22), 'A'.repeat(32)];
  const pagesOfLinks = [`/en/frontpage/reminder/${hash}?a=coming&v=0&s=${s}`, `/en/frontpage/waitlist/7?s=${s}`, `/en/frontpage/fee/7?s=${s}`, `/en/staff/answer/${hash}?a=confirm&v=0&s=${s}`];
  const forms: [string, Record<string, string>][] = [
    ['/api/reservation/reminder', { hash, v: '0', s, a: 'coming', language: 'en' }],
    ['/api/reservation/offer', { id: '7', s, language: 'en' }],
    ['/api/payments/fee', { id: '7', s, approve: '1', language: 'en' }],
    ['/api/staff/link', { hash, a: 'confirm', v: '0', s, language: 'en' }],
  ];
  for (const mode of ['http500', 'badjson', 'four'] as const) {
    for (const pathname of pagesOfLinks) {
      const page = await get(`${mode}.localhost`, pathname);
      expect([pathname, page.status]).toEqual([pathname, 200]);
      expect(html(page.body)).toContain(en('errors.unavailableTitle'));
    }
    for (const [pathname, values] of forms) {
      const answer = await postForm(`${mode}.localhost`, pathname, values);
      expect([pathname, answer.status, answer.type]).toEqual([pathname, 503, 'text/html; charset=utf-8']);
      expect(answer.body).toContain(`<h1>${en('errors.unavailableTitle')}</h1>`);
    }
  }
});
