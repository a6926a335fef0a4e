import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Issue 41, points 9 and 10, against the built site:
 * - a host no venue has (`evil.example`, taken by the fast path) gets a plain 404 that names it
 *   nowhere (no canonical, hreflang or OpenGraph link), no shared cache may keep, and that costs
 *   no render (issue 43: `Not Found`, before Next); its
 *   sitemap.xml and robots.txt list no link on it;
 * - a malformed Host (`localhost:PORT@evil.example`) is a 400 on every path, sitemap and robots included;
 * - a venue's own host is linked with the scheme and port the site is served on (`demo.localhost:PORT`);
 * - every page with an Offer in its JSON-LD (each gift card, each experience) states the price
 *   the page shows, in currency units (a €50 card was "5000.00").
 */
const FORGED = 'evil.example';

const get = (request: APIRequestContext, baseURL: string | undefined, path: string, host: string) => request.get(`${baseURL}${path}`, { headers: { host }, maxRedirects: 0 });

const notPublic = (cacheControl: string | undefined) => !/\b(public|s-maxage)\b/.test(cacheControl ?? '');

test('a host no venue has: a plain 404 naming it nowhere, not publicly cacheable; no sitemap or robots listing it', async ({ request, baseURL }) => {
  for (const path of ['/', '/en', '/en/reserve', '/frontpage/giftcards', '/en/no-such-page']) {
    for (let i = 0; i < 2; i++) {
      const answer = await get(request, baseURL, path, FORGED);
      const body = await answer.text();
      expect([path, answer.status()]).toEqual([path, 404]);
      // The forged host only as the route's parameter in the page's data, never as a link.
      expect([path, /(?:https?:)?\/\/evil\.example/.test(body)]).toEqual([path, false]);
      expect(body).not.toMatch(/rel="canonical"|hreflang=|property="og:/);
      // Answered before any render (issue 43): a few bytes, not a page.
      expect([path, body]).toEqual([path, 'Not Found']);
      expect([path, answer.headers()['cache-control'], notPublic(answer.headers()['cache-control'])]).toEqual([path, answer.headers()['cache-control'], true]);
    }
  }
  for (const path of ['/sitemap.xml', '/robots.txt']) {
    const answer = await get(request, baseURL, path, FORGED);
    expect([path, answer.status()]).toEqual([path, 404]);
    expect(await answer.text()).not.toContain(FORGED);
    expect(notPublic(answer.headers()['cache-control'])).toBe(true);
  }
});

test('a malformed Host is a 400 on every path, the sitemap and robots.txt included', async ({ request, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const host = `localhost:${port}@${FORGED}`;
  for (const path of ['/', '/en/reserve', '/sitemap.xml', '/robots.txt', '/favicon.ico', '/api/health', '/_next/static/none.js', '/backend/api/frontpage/location/getlocation']) {
    const answer = await get(request, baseURL, path, host);
    expect([path, answer.status()]).toEqual([path, 400]);
    expect(await answer.text()).not.toMatch(/evil|_invalid/);
  }
});

test('a venue host: the sitemap and robots.txt link it with the scheme and port the site is served on', async ({ request, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const origin = `http://demo.localhost:${port}`;
  const sitemap = await get(request, baseURL, '/sitemap.xml', `demo.localhost:${port}`);
  expect(sitemap.status()).toBe(200);
  const locs = [...(await sitemap.text()).matchAll(/(?:<loc>|href=")([^<"]+)/g)].map((m) => m[1]);
  expect(locs.length).toBeGreaterThan(10);
  expect(locs.filter((l) => !l.startsWith(`${origin}/`))).toEqual([]);
  const robots = await get(request, baseURL, '/robots.txt', `demo.localhost:${port}`);
  expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
});

/** The Offers of a page's JSON-LD, wherever they sit (an Offer itself, or an Event's offers). */
function offersOf(html: string): { price: string; priceCurrency: string }[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as unknown);
  const found: { price: string; priceCurrency: string }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (o['@type'] === 'Offer' && 'price' in o) found.push({ price: String(o.price), priceCurrency: String(o.priceCurrency) });
    Object.values(o).forEach(walk);
  };
  scripts.forEach(walk);
  return found;
}

/** The amount a page shows in English (`Price: € 45`, `€ 30 per person`, `from € 20 to € 500`): the first one after `label`. */
function shownAmount(html: string, label: RegExp): number {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/&nbsp;|\u00a0/g, ' ');
  const match = new RegExp(`${label.source}[^€]*€\\s*([0-9][0-9,]*(?:\\.[0-9]+)?)`).exec(text);
  if (!match) throw new Error(`no amount after ${label}`);
  return Number(match[1].replace(/,/g, ''));
}

test('every page with an Offer states the price it shows, in currency units', async ({ request, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const host = `demo.localhost:${port}`;
  const page = async (path: string) => {
    const answer = await get(request, baseURL, path, host);
    expect([path, answer.status()]).toEqual([path, 200]);
    return answer.text();
  };
  let checked = 0;
  // Gift cards: each card of the list.
  const list = await page('/en/frontpage/giftcards');
  const cards = [...new Set([...list.matchAll(/href="\/en\/frontpage\/giftcard\/([^"/?]+)"/g)].map((m) => m[1]))].filter((id) => id !== 'balance');
  expect(cards.length).toBeGreaterThan(1);
  for (const id of cards) {
    const html = await page(`/en/frontpage/giftcard/${id}`);
    const [offer] = offersOf(html);
    expect(offer.priceCurrency).toBe('EUR');
    const shown = /class="price"/.test(html) ? shownAmount(html, /Price\s*:/) : shownAmount(html, /between|from/i);
    expect([id, Number(offer.price)]).toEqual([id, shown]);
    checked++;
  }
  // Experiences: each listed experience's page, every Event's Offer.
  const experiences = await page('/en/frontpage/esperienze');
  const hashes = [...new Set([...experiences.matchAll(/href="\/en\/frontpage\/esperienze\/([A-Za-z0-9_-]{16,})"/g)].map((m) => m[1]))];
  expect(hashes.length).toBeGreaterThan(1);
  for (const hash of hashes) {
    const html = await page(`/en/frontpage/esperienze/${hash}`);
    const offers = offersOf(html);
    expect(offers.length).toBeGreaterThan(0);
    const shown = /class="price"/.test(html) ? shownAmount(html, /Price\s*:/) : 0;
    for (const offer of offers) expect([hash, Number(offer.price), offer.priceCurrency]).toEqual([hash, shown, 'EUR']);
    checked++;
  }
  expect(checked).toBe(cards.length + hashes.length);
});
