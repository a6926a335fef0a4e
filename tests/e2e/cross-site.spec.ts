import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { messages, readMails, uniqueEmail } from './helpers';
import { E2E_PORT_BASE, siteUrl } from './servers';
import { sameOriginPosts } from '../helpers/route-walk';

/**
 * Issue 21, leak 6: a page on another origin of this machine (another port) tries every
 * state-changing /api route the way a cross-site attacker can in a real browser: an
 * auto-submitted text/plain form whose body is JSON, an urlencoded form, and fetch with
 * `no-cors`. Each is refused (403) and nothing is stored: the guest's gift card session keeps
 * what the guest chose, no e-mail is queued, and the loyalty address stays free.
 */
const en = messages('en');
const site = siteUrl('builtin');
/** The attacker's port: clear of the three sites (+1..+3) and of the servers specs start (+10 on). */
const ATTACKER_PORT = E2E_PORT_BASE + 9;
const attacker = `http://127.0.0.1:${ATTACKER_PORT}`;

/**
 * Every state-changing route a browser may call, read from the route files (tests/helpers/route-walk.ts):
 * each POST behind the gate that keeps its same-origin check, so a new route is tried here too.
 * (The webhook, the CSP report, the one-click unsubscribe and the bearer APIs are exempt.)
 */
const ROUTES = sameOriginPosts();

let server: http.Server;
let attackerPage = '';

test.beforeAll(async () => {
  server = http.createServer((_, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(attackerPage);
  });
  await new Promise<void>((resolve) => server.listen(ATTACKER_PORT, '127.0.0.1', resolve));
  expect((server.address() as AddressInfo).port).toBe(ATTACKER_PORT);
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** Serves `html` as the attacker's page and opens it; the answers of the site are collected by path. */
async function visitAttacker(page: Page, html: string) {
  attackerPage = `<!doctype html><html><head><title>elsewhere</title></head><body>${html}</body></html>`;
  const answers: Record<string, number> = {};
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === site && url.pathname.startsWith('/api/')) answers[url.pathname] = response.status();
  });
  await page.goto(attacker);
  return answers;
}


test.describe('cross-site requests', () => {
  test('a text/plain form with a JSON body and an urlencoded form are refused; the session keeps the guest’s choice', async ({ page }) => {
    // The guest chose one €50 card: the session holds it.
    await page.goto('/en/frontpage/giftcard/buono-50');
    await page.getByLabel(en('giftcards.quantity')).fill('1');
    await page.getByRole('button', { name: en('giftcards.buy') }).click();
    await expect(page.locator('#giftcard-checkout-quantity')).toHaveValue('1');

    // The attack of the issue: the attacker's recipient put into the guest's checkout.
    const json = JSON.stringify({ id: 'buono-50', quantity: 1, recipientEmail: 'attacker@evil.example', x: '' }).slice(0, -2);
    const answers = await visitAttacker(
      page,
      `<form id="f" method="post" action="${site}/api/giftcard/checkout" enctype="text/plain"><input name='${json}' value='"}'></form>
       <script>document.getElementById('f').submit()</script>`,
    );
    await page.waitForURL(`${site}/api/giftcard/checkout`);
    expect(answers['/api/giftcard/checkout']).toBe(403);
    await expect(page.locator('body')).toContainText(en('requests.crossSite'));

    const answers2 = await visitAttacker(
      page,
      `<form id="f" method="post" action="${site}/api/giftcard/start"><input name="id" value="buono-50"><input name="quantity" value="10"><input name="language" value="en"></form>
       <script>document.getElementById('f').submit()</script>`,
    );
    await page.waitForURL(`${site}/api/giftcard/start`);
    expect(answers2['/api/giftcard/start']).toBe(403);

    // Nothing stored: the checkout still shows the guest's one card and no recipient of the attacker's.
    await page.goto('/en/frontpage/giftcard/checkout/buono-50');
    await expect(page.locator('#giftcard-checkout-quantity')).toHaveValue('1');
    await expect(page.locator('input[value="attacker@evil.example"]')).toHaveCount(0);
  });

  test('fetch with no-cors to every state-changing route is refused, and nothing is stored', async ({ page, request }) => {
    const email = uniqueEmail('crosssite');
    const mailsBefore = readMails('builtin').length;
    // A loyalty sign-up the site would accept from its own page (and fields of the other routes).
    const signUp = { nome: 'Giulia', cognome: 'Verdi', email, prefisso: '+39', telefono: '333 765 4321', compleannoGiorno: 21, compleannoMese: 6, privacy: true, marketing: true, language: 'en' };
    const body = JSON.stringify({ ...signUp, code: 'X', id: 'buono-50', quantity: 1 });
    const answers = await visitAttacker(
      page,
      `<script>
        window.done = Promise.all(${JSON.stringify(ROUTES)}.map((route) =>
          fetch(${JSON.stringify(site)} + '/api/' + route, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body: ${JSON.stringify(body)} }).catch(() => null)));
      </script>`,
    );
    await page.evaluate(() => (window as unknown as { done: Promise<unknown> }).done);
    await expect.poll(() => Object.keys(answers).length).toBe(ROUTES.length);
    for (const route of ROUTES) expect({ route, status: answers[`/api/${route}`] }).toEqual({ route, status: 403 });

    // Nothing stored: no e-mail queued, and the address is free for the guest's own sign-up.
    await page.waitForTimeout(500);
    expect(readMails('builtin').length).toBe(mailsBefore);
    const own = await request.post('/api/fidelity', { headers: { origin: site }, data: signUp });
    expect({ status: own.status(), body: await own.text() }).toEqual({ status: 200, body: JSON.stringify({ outcome: 'success' }) });
  });

  test('a Host that is not a plain name[:port] is a 400 before any page or call', async () => {
    const port = Number(new URL(site).port);
    const send = (path: string, method: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const headers: Record<string, string> = { host: `localhost:${port}@evil.example` };
        if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
        const call = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        call.on('error', reject);
        call.end(body);
      });
    expect(await send('/en/frontpage/giftcards', 'GET')).toBe(400);
    expect(await send('/api/giftcard/checkout', 'POST', JSON.stringify({ id: 'buono-50', quantity: 1 }))).toBe(400);
  });
});
