import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { axe } from './booking-steps';
import { messages, daysFromToday } from './helpers';
import { killGroup, opsPort, siteEnv, startNext, tempDataDir, waitReady, type Started } from './processes';

/**
 * Issue 13's attacks, repeated against the built site with its real (default) limits: sites
 * of their own (ports E2E_PORT_BASE+47..48), one with no trusted proxy and one behind one.
 * Requests come from 127.0.0.1 (the browser and Playwright) and 127.0.0.2 (an "attacker":
 * another address on the loopback network).
 */
const en = messages('en');
const de = messages('de');
const it = messages('it');

type Answer = { status: number; retryAfter: string | undefined; body: Record<string, unknown> };

/** A JSON POST from a chosen local address, with any (forged) headers. */
function post(port: number, pathname: string, body: unknown, { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: pathname, method: 'POST', localAddress: from, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'] as string | undefined, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** The e-mails written to a site's file outbox for one recipient. */
const mailsTo = (dataDir: string, to: string) => {
  const outbox = path.join(dataDir, 'outbox');
  if (!fs.existsSync(outbox)) return 0;
  return fs.readdirSync(outbox).filter((f) => f.endsWith('.eml') && fs.readFileSync(path.join(outbox, f), 'utf8').includes(`To: ${to}`)).length;
};

const lookup = (email: string, language = 'en') => ({ email, language });

test.describe('the limits against the built site', () => {
  test.describe.configure({ timeout: 180_000 });
  const direct = opsPort(7);
  const proxied = opsPort(8);
  const sites: Started[] = [];
  const dataDirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    for (const [port, hops] of [
      [direct, '0'],
      [proxied, '1'],
    ] as const) {
      dataDirs.push(tempDataDir(`abuse-${port}`));
      sites.push(startNext(port, siteEnv(port, dataDirs.at(-1)!, { TRUST_PROXY_HOPS: hops, OUTBOX_INTERVAL_MS: '300', LOG_LEVEL: 'silent' })));
    }
    await Promise.all([waitReady(direct, sites[0], 120_000), waitReady(proxied, sites[1], 120_000)]);
  });

  test.afterAll(() => {
    for (const site of sites) killGroup(site.process.pid);
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a forged X-Forwarded-For buys no new allowance with 0 trusted hops; with 1 hop only the entry the proxy wrote counts', async () => {
    // No proxy in front: ten look-ups, each under another forged address, use up the socket's allowance.
    for (let i = 0; i < 10; i++) expect((await post(direct, '/api/fidelity/lookup', lookup(`forge${i}@example.com`), { from: '127.0.0.2', headers: { 'x-forwarded-for': `10.9.8.${i}` } })).status).toBe(200);
    const refused = await post(direct, '/api/fidelity/lookup', lookup('forge-last@example.com'), { from: '127.0.0.2', headers: { 'x-forwarded-for': '10.9.8.200' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(3500);
    expect(refused.body).toMatchObject({ error: 'rateLimited', limit: 'fidelityLookupAddress' });
    // Nor can a forged header lock a victim out: 127.0.0.1 still looks up.
    expect((await post(direct, '/api/fidelity/lookup', lookup('victim.free@example.com'), { headers: { 'x-forwarded-for': '127.0.0.2' } })).status).toBe(200);

    // One trusted proxy: its entry (the last) is the guest; what the client wrote before it is not believed.
    for (let i = 0; i < 10; i++) expect((await post(proxied, '/api/fidelity/lookup', lookup(`p${i}@example.com`), { headers: { 'x-forwarded-for': `6.6.6.${i}, 203.0.113.5` } })).status).toBe(200);
    expect((await post(proxied, '/api/fidelity/lookup', lookup('p-last@example.com'), { headers: { 'x-forwarded-for': '6.6.6.99, 203.0.113.5' } })).status).toBe(429);
    // Another guest behind the same proxy is another address.
    expect((await post(proxied, '/api/fidelity/lookup', lookup('other@example.com'), { headers: { 'x-forwarded-for': '203.0.113.6' } })).status).toBe(200);
  });

  test('200 look-ups for one inbox send 3 e-mails; the look-up page says so in German', async ({ page }) => {
    const victim = `inbox.${Date.now()}@example.com`;
    const statuses: number[] = [];
    // From the proxied site, 200 different (proxy-reported) addresses: a botnet against one inbox.
    for (let i = 0; i < 200; i++) statuses.push((await post(proxied, '/api/fidelity/lookup', lookup(victim), { headers: { 'x-forwarded-for': `198.18.${i >> 8}.${i & 255}` } })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(197);
    await expect.poll(() => mailsTo(dataDirs[1], victim), { timeout: 20_000 }).toBe(3);

    // The browser (127.0.0.1 on the direct site) asks for the same inbox 4 times: the fourth is refused, on the page.
    for (let i = 0; i < 3; i++) expect((await post(direct, '/api/fidelity/lookup', lookup(victim))).status).toBe(200);
    await page.goto(`http://127.0.0.1:${direct}/de/frontpage/fidelity/lookup`);
    await page.locator('input[name="email"]').fill(victim);
    await page.getByRole('button', { name: de('fidelity.lookup.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: de('limits.tooManyRequests') })).toBeVisible();
    await axe(page);
  });

  test('one address holding every table of an evening is stopped after 4 holds; a guest from another address still books', async ({ page }) => {
    // An evening whose dinner is open at every time, within the coming weeks.
    const times = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
    /** The first day from `from` days ahead whose dinner is open at every time (no closed Monday or holiday, whatever today is). */
    const openEvening = async (from: number) => {
      for (let d = from; d < from + 30; d++) {
        const day = await (await fetch(`http://127.0.0.1:${direct}/api/reservation/day?day=${daysFromToday(d)}&pax=2`)).json();
        const slots: { time: string; available: boolean }[] = day.data?.slots ?? [];
        if (times.every((t) => slots.find((s) => s.time === t)?.available)) return daysFromToday(d);
      }
      return '';
    };
    const date = await openEvening(3);
    expect(date).not.toBe('');
    const answers: Answer[] = [];
    for (const time of times) {
      for (const zone of ['sala', 'terrazza']) {
        // Three covers each: four holds are the venue's largest party (12), the most one address may hold at once.
        // A new forged X-Forwarded-For each time: it does not help.
        answers.push(await post(direct, '/api/reservation/hold', { date, time, zone, pax: 3 }, { from: '127.0.0.2', headers: { 'x-forwarded-for': `10.0.${answers.length}.1` } }));
      }
    }
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(r.body.error).toBe('rateLimited');
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(Number(r.retryAfter)).toBeLessThanOrEqual(8 * 60);
    }

    // A guest in the browser (127.0.0.1) books that evening at 22:00 through the wizard.
    const list = page.getByLabel(en('reserve.date.list'));
    /** The wizard for 2 on `date`: the month is turned until the date is listed. */
    const pickDate = async () => {
      await page.goto(`http://127.0.0.1:${direct}/en/reserve?pax=2`);
      await expect(list.locator('option').nth(1)).toBeAttached();
      for (let i = 0; i < 3 && !(await list.locator(`option[value="${date}"]`).count()); i++) {
        const first = await list.locator('option').nth(1).getAttribute('value');
        await page.getByRole('button', { name: en('reserve.date.next') }).click();
        await expect(list.locator('option').nth(1)).not.toHaveAttribute('value', first ?? '');
      }
      await list.selectOption(date);
    };
    await pickDate();
    await page.getByRole('button', { name: /^22:00/ }).first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
    await page.locator('input[name="nome"]').fill('Giulia');
    await page.locator('input[name="cognome"]').fill('Neri');
    await page.locator('input[name="email"]').fill(`evening.${Date.now()}@example.com`);
    await page.locator('input[name="telefono"]').fill('3471239876');
    await page.locator('input[name="privacy"]').check();
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL('**/en/reserve/confirm');

    // Now the browser's own address holds 4 tables elsewhere: its next pick in the wizard is refused, in words.
    const later = await openEvening(40);
    for (const time of ['19:00', '19:30', '20:00', '20:30']) expect((await post(direct, '/api/reservation/hold', { date: later, time, zone: 'sala', pax: 2 })).status).toBe(200);
    await pickDate();
    await page.getByRole('button', { name: /^21:30/ }).first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByText(en('limits.tooManyRequests'))).toBeVisible();
  });

  test('the loyalty sign-up page shows the refusal in Italian once the address has signed up thirty people (issue 45: a hotel\'s evening)', async ({ page }) => {
    const member = (i: number) => ({ nome: 'Anna', cognome: 'Neri', email: `member.${Date.now()}.${i}@example.com`, prefisso: '+39', telefono: '3471234567', compleannoGiorno: 3, compleannoMese: 4, privacy: true, marketing: true, language: 'it' });
    for (let i = 0; i < 30; i++) expect((await post(proxied, '/api/fidelity', member(i), { headers: { 'x-forwarded-for': '203.0.113.50' } })).status).toBe(200);
    expect((await post(proxied, '/api/fidelity', member(30), { headers: { 'x-forwarded-for': '203.0.113.50' } })).status).toBe(429);
    for (let i = 0; i < 30; i++) await post(direct, '/api/fidelity', member(40 + i));
    await page.goto(`http://127.0.0.1:${direct}/frontpage/fidelity`);
    await page.getByLabel(it('forms.labels.firstName'), { exact: false }).first().fill('Giulia');
    await page.getByLabel(it('forms.labels.lastName'), { exact: false }).fill('Verdi');
    await page.getByLabel(it('forms.labels.email'), { exact: false }).fill(`giulia.${Date.now()}@example.com`);
    await page.locator('input[name="telefono"]').fill('333 765 4321');
    await page.locator('select[name="compleannoGiorno"]').selectOption('21');
    await page.locator('select[name="compleannoMese"]').selectOption('6');
    await page.locator('input[name="privacy"]').check();
    await page.locator('input[name="marketing"]').check();
    await page.getByRole('button', { name: it('fidelity.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: it('limits.tooManyRequests') })).toBeVisible();
    await expect(page).toHaveURL(/\/frontpage\/fidelity$/);
  });
  test('every card set-up (the 21st) and every booking submit (the 41st) counts from one address, however its header is forged', async () => {
    const date = daysFromToday(12);
    for (let i = 0; i < 20; i++) expect((await post(direct, '/api/reservation/guarantee', { date, time: '20:00', zone: 'sala', pax: 6 }, { from: '127.0.0.3', headers: { 'x-forwarded-for': `10.1.0.${i}` } })).status).not.toBe(429);
    const setup = await post(direct, '/api/reservation/guarantee', { date, time: '20:00', zone: 'sala', pax: 6 }, { from: '127.0.0.3' });
    expect(setup.status).toBe(429);
    expect(setup.body).toMatchObject({ error: 'rateLimited', limit: 'guaranteeAddress' });
    // Submits count before anything is checked: forty bad ones use up the hour too.
    for (let i = 0; i < 40; i++) expect((await post(direct, '/api/reservation', { pax: 2 }, { from: '127.0.0.4', headers: { 'x-forwarded-for': `10.2.0.${i}` } })).status).not.toBe(429);
    const submit = await post(direct, '/api/reservation', { pax: 2 }, { from: '127.0.0.4' });
    expect(submit.status).toBe(429);
    expect(Number(submit.retryAfter)).toBeGreaterThan(3500);
  });

  test('the local stand-ins: listed by /api/health, a webhook signed with the old public secret is refused, REQUIRE_REAL_PROVIDERS=true stops the start', async () => {
    const health = await (await fetch(`http://127.0.0.1:${direct}/api/health`)).json();
    expect(health.localStandIns).toEqual(['payments', 'botCheck', 'sms', 'email']);
    expect(fs.readFileSync(path.join(dataDirs[0], 'local-webhook-secret'), 'utf8').trim()).not.toBe('whsec_local_test_mode');
    const Stripe = (await import('stripe')).default;
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'setup_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: 'lseti_000000000000000000000000', object: 'setup_intent', status: 'succeeded', payment_method: 'lpm_x', metadata: {} } } });
    const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_local_test_mode' });
    const webhook = await fetch(`http://127.0.0.1:${direct}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': forged }, body });
    expect(webhook.status).toBe(400);

    const port = opsPort(9);
    const dataDir = tempDataDir('abuse-strict');
    const strict = startNext(port, siteEnv(port, dataDir, { REQUIRE_REAL_PROVIDERS: 'true', SMTP_URL: 'smtp://127.0.0.1:9' }));
    try {
      const code = await new Promise<number | null>((resolve) => strict.process.on('exit', (c) => resolve(c)));
      expect(code).not.toBe(0);
      expect(strict.output()).toContain('REQUIRE_REAL_PROVIDERS=true, but these run as local stand-ins:');
      for (const name of ['payments', 'botCheck', 'sms']) expect(strict.output()).toContain(`  - ${name}: `);
      expect(strict.output()).not.toContain('  - email: ');
    } finally {
      killGroup(strict.process.pid);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
