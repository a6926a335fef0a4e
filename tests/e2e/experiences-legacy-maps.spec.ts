import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axe, en, fill, fillDetails } from './booking-steps';
import { daysFromToday } from './helpers';
import { E2E_PORT_BASE } from './servers';

/**
 * The experience form on a site in legacy mode whose backend is a stand-in answering the
 * shapes the spec leaves open as maps and strings: the list in two pages, `orari` and
 * `zoneSelezionabili` as maps, `campiAggiuntivi` as plain text, available days and times as
 * maps, the outcome as `esito`. The site reads them all and books through the spec's calls.
 */
const SITE_PORT = E2E_PORT_BASE + 50;
const STUB_PORT = E2E_PORT_BASE + 51;
const TOKEN = 'maps-backend-token';
const root = path.resolve(__dirname, '../..');
const DAYS = [daysFromToday(5), daysFromToday(6), daysFromToday(8)];
const calls: { call: string; body: URLSearchParams }[] = [];
let stub: http.Server;
let site: ChildProcess;

const experience = (id: number, title: string) => ({
  id,
  hash: `mapexp${id}`,
  titolo: { it: title, en: title },
  descrizione: 'Una sera in cantina.',
  numOspitiMin: '2',
  numOspitiMax: '6',
  prezzo: '40',
  orari: { a: '19:30', b: '21.00' },
  zoneSelezionabili: { 7: 'Cantina', 8: { nome: { it: 'Giardino', en: 'Garden' } } },
  campiAggiuntivi: 'Allergies*\nOccasion',
  flagAttiva: 1,
  flagVisibile: '1',
  flagSceltaZona: true,
  flagOrari: 1,
});

const answers: Record<string, (body: URLSearchParams) => unknown> = {
  'location/getlocation': () => ({ valuta: '€', locationname: 'Cantina delle Mappe', customHeader: '', customFooter: '' }),
  'services/getallservices': () => ({ prefixList: [{ paese: 'Italia', prefisso: '+39' }] }),
  'experience/getexperiencelist': (b) => (b.get('page') === '2' ? { elenco: [experience(2, 'Garden dinner')], pagine: 2, totale: 2 } : { elenco: [experience(1, 'Cellar tasting')], pagine: 2, totale: 2 }),
  'experience/getsingleexperiencebyhash': (b) => ({ experience: experience(Number(b.get('experienceHash')?.slice(6)), 'Cellar tasting') }),
  'experience/availabledays': () => Object.fromEntries(DAYS.map((d, i) => [d.split('-').reverse().join('/'), i === 1 ? 0 : 6])),
  'experience/getavailabletimes': () => ({ '19:30': 4, '21:00': 0 }),
  'experience/getadditionalfields': () => 'Allergies*\nOccasion',
  'experience/createexperiencereserve': () => ({ esito: 'Confirm', hash: 'maps-booking-1' }),
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stub = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const call = (req.url ?? '').replace('/backend/api/frontpage/', '');
      const body = new URLSearchParams(raw);
      calls.push({ call, body });
      const send = (status: number, json: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { status: false, error: 'unauthorized' });
      const reply = answers[call];
      return reply ? send(200, { status: true, data: reply(body) }) : send(200, { status: false, error: 'generic' });
    });
  });
  await new Promise<void>((resolve) => stub.listen(STUB_PORT, '127.0.0.1', resolve));
  const dataDir = path.join(root, '.tmp', 'e2e', 'legacy-maps');
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', PORT: String(SITE_PORT), DATA_DIR: dataDir, BACKEND_URL: `http://127.0.0.1:${STUB_PORT}`, BACKEND_TOKEN: TOKEN, SEED_DEMO: 'false', LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.HOSTNAME;
  site = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(SITE_PORT)], { cwd: root, env, stdio: 'ignore' });
  await expect.poll(async () => (await fetch(`http://localhost:${SITE_PORT}/api/health`).catch(() => null))?.status ?? 0, { timeout: 90_000 }).toBe(200);
});

test.afterAll(async () => {
  site?.kill('SIGTERM');
  stub.closeAllConnections();
  await new Promise((r) => stub.close(r));
});

test('books an experience on a legacy backend that answers maps and strings', async ({ page }) => {
  const base = `http://localhost:${SITE_PORT}`;
  // Both pages of the list.
  await page.goto(`${base}/en/frontpage/esperienze`);
  await expect(page.getByRole('heading', { name: 'Cellar tasting' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Garden dinner' })).toBeVisible();

  await page.getByRole('link', { name: `${en('experiences.book')}: Cellar tasting` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(en('experiences.form.title'), { title: 'Cellar tasting' }));
  await expect(page.getByRole('button', { name: '1 person', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: '2 people', exact: true }).click();
  await expect(page.getByText('€40 × 2 = €80')).toBeVisible();

  // Days from a map keyed dd/mm/yyyy: the full one is not offered.
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list.locator('option').nth(1)).toBeAttached();
  const offered = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  expect(offered).toEqual([DAYS[0], DAYS[2]]);
  await list.selectOption(DAYS[0]);

  // Times from a map: 21:00 has no places; zones from a map.
  await expect(page.getByRole('button', { name: /21:00/ })).toBeDisabled();
  await page.getByRole('button', { name: '19:30' }).click();
  await page.getByRole('group', { name: en('experiences.form.zone') }).getByRole('button', { name: 'Garden' }).click();

  // Additional fields from plain text, `*` marking the required one.
  await page.getByRole('button', { name: en('experiences.form.continue') }).click();
  await expect(page.getByText(en('experiences.errors.fieldRequired'))).toBeVisible();
  await page.getByLabel(/^Allergies/).fill('none');
  await page.getByLabel(/^Occasion/).fill('birthday');
  await page.getByRole('button', { name: en('experiences.form.continue') }).click();
  await fillDetails(page, '3331239876', 'maps@example.com');
  await expect(page.getByRole('region', { name: en('reserve.summary.title') })).toContainText('Garden');
  await axe(page);
  await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
  await expect(page).toHaveURL(/\/en\/frontpage\/esperienze\/mapexp1\/confirm$/);

  // The spec's calls, with their payloads.
  const names = calls.map((c) => c.call);
  expect(names).toEqual(expect.arrayContaining(['experience/availabledays', 'experience/getavailabletimes', 'experience/getadditionalfields', 'experience/createexperiencereserve']));
  const days = calls.find((c) => c.call === 'experience/availabledays')!.body;
  expect(Object.fromEntries(days)).toMatchObject({ experienceId: '1', pax: '2' });
  expect([...days.keys()].sort()).toEqual(['experienceId', 'month', 'pax', 'year']);
  const fields = calls.find((c) => c.call === 'experience/getadditionalfields')!.body;
  expect(Object.fromEntries(fields)).toEqual({ experienceId: '1', zoneID: '8' });
  const created = calls.find((c) => c.call === 'experience/createexperiencereserve')!.body;
  // The spec's fields, the added idempotency key of the submit (issue 41: a retried call makes one booking) and the
  // booking's source (issue 46: `web` from the site's own page).
  expect([...created.keys()].sort()).toEqual(['idempotencyKey', 'payload', 'recaptchaV2Token', 'recaptchaV3Token', 'source', 'tokenVersion']);
  expect(created.get('source')).toBe('web');
  expect(created.get('idempotencyKey')).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  expect(created.get('tokenVersion')).toBe('v3');
  expect(JSON.parse(created.get('payload')!)).toMatchObject({ experienceId: 1, day: DAYS[0], time: '19:30', pax: 2, zone: '8', campiAggiuntivi: { allergies: 'none', occasion: 'birthday' }, nome: 'Giulia' });
});
