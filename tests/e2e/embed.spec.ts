import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { test, expect, chromium, type BrowserContext, type Frame, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, ownServerPort, siteUrl } from './servers';
import { messages } from './helpers';

/**
 * The booking widget on a venue's own website (docs/embed.md), in a real Chromium with
 * third-party cookies blocked: a static host page on another origin (127.0.0.1, another
 * port) under the strict CSP `script-src 'self' {venue}; style-src 'self'` pastes the
 * one-line snippet; the venue (host embed.localhost) lists that origin in embed.origins.
 */
const en = messages('en');
const VENUE_HOST = 'embed.localhost';
const site = siteUrl('builtin', VENUE_HOST);
const allowedPort = ownServerPort(55);
const otherPort = ownServerPort(56);
const allowed = `http://127.0.0.1:${allowedPort}`;

/** The host page's own script (an inline one would break its CSP): records the widget's events and CSP violations. */
const HOST_JS = `window.__events = []; window.__violations = [];
['ready', 'step', 'booked', 'giftcard-purchased', 'resize'].forEach(function (t) {
  document.addEventListener('frontpage:' + t, function (e) { window.__events.push({ type: t, detail: e.detail }); });
});
document.addEventListener('securitypolicyviolation', function (e) { window.__violations.push(e.violatedDirective + ' ' + e.blockedURI); });`;

function hostPage(snippet: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Trattoria on its own site</title><script src="/host.js"></script></head>
<body><h1>Our restaurant</h1><p>Book a table below.</p>${snippet}<p>Footer of the venue's own site.</p></body></html>`;
}

const SNIPPETS: Record<string, string> = {
  reserve: `<script src="${site}/embed.js" data-frontpage="reserve" data-lang="en" data-pax="2" data-utm-source="embed-test" async></script>`,
  giftcard: `<script src="${site}/embed.js" data-frontpage="giftcard" data-lang="en" async></script>`,
  button: `<script src="${site}/embed.js" data-frontpage="reserve" data-lang="en" data-mode="button" async></script>`,
  fallback: `<script src="${site}/embed.js" data-frontpage="reserve" data-lang="en" data-timeout="4000" async></script>`,
};

function startHost(port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const csp = `script-src 'self' ${site}; style-src 'self'`;
    if (req.url === '/host.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(HOST_JS);
    const which = new URL(req.url ?? '/', 'http://x').searchParams.get('w') ?? 'reserve';
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(hostPage(SNIPPETS[which] ?? ''));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/**
 * A persistent Chromium profile whose settings block third-party cookies (mode 1), or allow
 * them (mode 0): this Chromium ignores --block-third-party-cookies, and Playwright's
 * off-the-record contexts block them already, so they prove nothing either way.
 */
async function profileContext(cookieControlsMode: 0 | 1): Promise<BrowserContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embed-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify({ profile: { cookie_controls_mode: cookieControlsMode } }));
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    viewport: { width: 1024, height: 800 },
  });
}

/** Sets a probe cookie from inside the frame and reads it back; and whether the frame may use sessionStorage. */
const probe = (frame: Frame) =>
  frame.evaluate(() => {
    document.cookie = `embed-probe=${Date.now()}; SameSite=None; Secure; Path=/`;
    let storage = true;
    try {
      sessionStorage.setItem('embed-probe', '1');
    } catch {
      storage = false;
    }
    return { cookie: document.cookie.includes('embed-probe='), storage };
  });

async function widgetFrame(page: Page): Promise<Frame> {
  const element = page.locator('iframe[title="Booking"]');
  await expect(element).toBeVisible();
  const frame = await (await element.elementHandle())!.contentFrame();
  if (!frame) throw new Error('no frame');
  await expect.poll(() => frame.url()).toContain(VENUE_HOST);
  await frame.waitForLoadState('load');
  return frame;
}

/** The frame's height on the host page is its content's, within 2 px, and the content fits with no inner scrollbar. */
async function expectFitted(page: Page, frame: Frame) {
  await expect
    .poll(async () => {
      const outer = await page.locator('iframe[title="Booking"]').evaluate((el) => el.getBoundingClientRect().height);
      const inner = await frame.evaluate(() => ({ body: document.body.getBoundingClientRect().height, scroll: document.documentElement.scrollHeight }));
      return Math.max(Math.abs(outer - inner.body), inner.scroll - outer);
    }, { timeout: 10_000 })
    .toBeLessThanOrEqual(2);
}

let hosts: http.Server[] = [];
let context: BrowserContext;

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const response = await request.post(`${siteUrl('builtin')}/api/admin/venues`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: { ...file, slug: 'embedded', name: 'Osteria Incorniciata', hosts: [VENUE_HOST], embed: { origins: [allowed] } },
  });
  expect(response.ok()).toBe(true);
  hosts = await Promise.all([startHost(allowedPort), startHost(otherPort)]);
  context = await profileContext(1);
  // The pages opened in a frame name the venue's origins in frame-ancestors (the proxy reads them
  // once a minute); opened on their own, they allow 'self' only.
  const framed = () => request.get(`${siteUrl('builtin')}/en`, { headers: { host: new URL(site).host, 'sec-fetch-dest': 'iframe' } });
  await expect.poll(async () => (await framed()).headers()['content-security-policy'] ?? '', { timeout: 20_000 }).toContain(`frame-ancestors 'self' ${allowed}`);
  const page = await context.newPage();
  expect((await page.goto(`${site}/en`))?.headers()['content-security-policy']).toMatch(/frame-ancestors 'self'(;|$)/);
  await page.close();
});

test.afterAll(async () => {
  await context?.close();
  await Promise.all(hosts.map((h) => new Promise((resolve) => h.close(resolve))));
});

test('third-party cookies (and with them storage) are blocked in the test profile, allowed in one that allows them (the probe)', async () => {
  const page = await context.newPage();
  await page.goto(`${allowed}/?w=reserve`);
  expect(await probe(await widgetFrame(page))).toEqual({ cookie: false, storage: false });
  await page.close();
  const open = await profileContext(0);
  const control = await open.newPage();
  await control.goto(`${allowed}/?w=reserve`);
  expect(await probe(await widgetFrame(control))).toEqual({ cookie: true, storage: true });
  await open.close();
});

test('a table booking completed inside the frame, with third-party cookies blocked, the frame fitted at every step', async () => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto(`${allowed}/?w=reserve`);
  const frame = await widgetFrame(page);
  expect(await frame.evaluate(() => document.documentElement.getAttribute('data-embed'))).toBe('on');
  await expect(frame.locator('.site-header')).toBeHidden();
  await expect(frame.getByRole('heading', { name: en('reserve.date.title') })).toBeVisible();
  await expectFitted(page, frame);

  const list = frame.getByLabel(en('reserve.date.list'));
  await expect(list.locator('option').nth(1)).toBeAttached();
  const date = (await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean)))[0];
  await list.selectOption(date);
  await frame.locator('.time-step .choice:not(.choice--full)').first().click();
  await expectFitted(page, frame);
  await frame.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
  await expect(frame.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
  await expectFitted(page, frame);

  // Validation errors grow the form: the frame follows.
  await frame.getByRole('button', { name: en('reserve.details.continue') }).click();
  await expectFitted(page, frame);

  const email = `giulia.${'lunghissimo'.repeat(6)}.${Date.now()}@example-restaurant-guests.com`;
  await frame.locator('input[name="nome"]').fill('Giulia');
  await frame.locator('input[name="cognome"]').fill('Neri');
  await frame.locator('input[name="email"]').fill(email);
  await frame.locator('input[name="telefono"]').fill('3471234567');
  await frame.locator('input[name="privacy"]').check();
  await frame.getByRole('button', { name: en('reserve.details.continue') }).click();
  await expect(frame.getByText(en('reserve.summary.footer'))).toBeVisible();
  await expect(frame.getByText(email, { exact: false })).toBeVisible();
  await expectFitted(page, frame);
  // No sideways scroll at 320 px, even with a long e-mail address in the summary.
  expect(await frame.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  await frame.getByRole('button', { name: en('reserve.summary.confirm') }).click();
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`${en('reserve.outcome.confirmTitle')}|${en('reserve.outcome.acceptTitle')}`));
  // The confirmation comes from memory: the frame has no storage here.
  await expect(frame.getByText('Giulia Neri')).toBeVisible();
  await expectFitted(page, frame);

  const events = (await page.evaluate(() => (window as unknown as { __events: { type: string; detail: Record<string, unknown> }[] }).__events)) ?? [];
  const types = events.map((e) => e.type);
  expect(types).toContain('ready');
  expect(events.filter((e) => e.type === 'step' && e.detail.flow === 'reserve').map((e) => e.detail.step)).toEqual(expect.arrayContaining(['date', 'time', 'details', 'summary']));
  const booked = events.filter((e) => e.type === 'booked');
  expect(booked).toHaveLength(1);
  expect(booked[0].detail).toEqual({ id: expect.stringMatching(/^[0-9a-f]{16}$/), status: expect.any(String), pax: 2, date });
  // No personal data in any event.
  expect(JSON.stringify(events)).not.toMatch(/Giulia|Neri|example-restaurant|3471234567/);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await page.close();
});

test('a gift card purchase started from the frame continues top-level in a new tab', async () => {
  const page = await context.newPage();
  await page.goto(`${allowed}/?w=giftcard`);
  const frame = await widgetFrame(page);
  await frame.locator('a[href*="/frontpage/giftcard/"]').first().click();
  await expect(frame.getByText(en('giftcards.embedNewTab'))).toBeVisible();
  await expectFitted(page, frame);
  const [tab] = await Promise.all([context.waitForEvent('page'), frame.getByRole('button', { name: en('giftcards.buy') }).click()]);
  await tab.waitForURL(/\/frontpage\/giftcard\/checkout/);
  await expect(tab.locator('#giftcard-checkout-firstName')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await tab.close();
  await page.close();
});

test('an origin not in embed.origins gets the link to the site instead of a broken frame', async () => {
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${otherPort}/?w=fallback`);
  const link = page.getByRole('link', { name: 'Open the booking page' });
  await expect(link).toBeVisible({ timeout: 15_000 });
  await expect(link).toHaveAttribute('href', `${site}/en/reserve`);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await page.close();
});

test('button mode: nothing opens uninvited; the button opens the booking in a native dialog, and Close closes it', async () => {
  const page = await context.newPage();
  await page.goto(`${allowed}/?w=button`);
  const button = page.getByRole('button', { name: 'Book a table' });
  await expect(button).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toBeHidden();
  await button.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const frame = await widgetFrame(page);
  await expect(frame.getByRole('heading', { name: en('reserve.people.title') })).toBeVisible();
  await expectFitted(page, frame);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await page.close();
});
