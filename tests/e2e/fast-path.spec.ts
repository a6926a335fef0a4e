import { expect, test } from '@playwright/test';
import { messages, VENUE } from './helpers';

/**
 * The fast path of page routing (issue 27, lib/venue/fast-routes.cjs): on a venue's own host
 * name, a page request that needs nothing of proxy.ts is rewritten by Next's own rewrites.
 * Everything the proxy does must still happen when it must: the language cookie's redirect,
 * the partner flag, the Italian prefix, internal paths, framed pages. Run in Chromium on the
 * demo venue's host, `demo.localhost` (which resolves to this machine).
 */
const it = messages('it');
const en = messages('en');

const venueHost = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? '');
  url.hostname = 'demo.localhost';
  return url.origin;
};

test('a guest browses the venue host: pages in both languages, links and the language switcher', async ({ page, baseURL }) => {
  const origin = venueHost(baseURL);
  const home = await page.goto(`${origin}/`);
  expect(home?.status()).toBe(200);
  // Taken by Next's rewrites, not the proxy (which names its rewrite in this header).
  expect(home?.headers()['x-middleware-rewrite']).toBeUndefined();
  await expect(page).toHaveTitle(`${VENUE} - ${it('screens.home')}`);

  const english = await page.goto(`${origin}/en/no-such-page`);
  expect(english?.status()).toBe(404);
  await page.getByRole('link', { name: en('notFound.reserve') }).click();
  await expect(page).toHaveURL(`${origin}/en/reserve`);
  await expect(page).toHaveTitle(`${VENUE} - ${en('screens.reserve')}`);

  // The switcher stores the language in a cookie: from then on the proxy redirects unprefixed addresses.
  await page.getByLabel(en('shell.language')).selectOption('it');
  await page.waitForURL(`${origin}/reserve`);
  await page.getByLabel(it('shell.language')).selectOption('en');
  await page.waitForURL(`${origin}/en/reserve`);
  await page.goto(`${origin}/frontpage/fidelity`);
  await expect(page).toHaveURL(`${origin}/en/frontpage/fidelity`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('what only the proxy does still happens on the venue host', async ({ request, baseURL }) => {
  // Node does not resolve *.localhost as the browser does: the site's address, with the venue's Host.
  const host = new URL(venueHost(baseURL)).host;
  const get = (path: string, headers: Record<string, string> = {}) => request.get(`${baseURL}${path}`, { headers: { host, ...headers }, maxRedirects: 0 });
  // The fast path itself.
  const fast = await get('/en/frontpage/fidelity');
  expect(fast.status()).toBe(200);
  expect(fast.headers()['x-middleware-rewrite']).toBeUndefined();
  // The partner flag.
  const partner = await get('/en/reserve?src=pc');
  expect(partner.headers()['set-cookie']).toMatch(/frontpagePartner=pc/);
  expect(partner.headers()['cache-control']).toBe('private, no-store');
  // The Italian prefix.
  const prefixed = await get('/it/reserve');
  expect(prefixed.status()).toBe(307);
  expect(new URL(prefixed.headers().location, 'http://x').pathname).toBe('/reserve');
  // An internal path is the host's 404 page.
  expect((await get('/v/localhost/it/reserve')).status()).toBe(404);
  // A broken %-escape is the site's 404 page, not the router's error.
  const broken = await get('/reserve/%ZZ/edit');
  expect(broken.status()).toBe(404);
  expect(await broken.text()).toContain(it('notFound.title'));
  // A framed page gets the venue's frame-ancestors from the proxy.
  const framed = await get('/reserve', { 'sec-fetch-dest': 'iframe' });
  expect(framed.headers()['x-middleware-rewrite']).toBe('/v/demo.localhost/it/reserve');
  // An upper-case host is the same venue, through the proxy.
  const upper = await get('/en', { host: host.toUpperCase() });
  expect(upper.status()).toBe(200);
  expect(upper.headers()['x-middleware-rewrite']).toBe('/v/demo.localhost/en');
});
