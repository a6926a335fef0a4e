import { expect, test } from '@playwright/test';
import { importSecondVenue, messages, SECOND_VENUE, VENUE } from './helpers';

/**
 * Pages live at internal paths `/v/{venue}/{locale}/...` that only the proxy leads to.
 * Asked for from outside, with or without an extension, such a path is the host's own
 * 404 page: host B never renders venue A's page, content or header scripts.
 * Runs on the built-in site and on the legacy one.
 */
test.beforeAll(async ({ request }) => {
  await importSecondVenue(request);
});

const otherHost = (baseURL: string | undefined) => {
  const url = new URL(baseURL ?? '');
  url.hostname = 'seconda.localhost';
  return url.origin;
};

for (const [path, locale] of [
  ['/v/localhost/en/reserve', 'en'],
  ['/v/localhost/it', 'it'],
  ['/v/localhost/it/index.html', 'it'],
  ['/v/demo.localhost/en/reserve.json', 'en'],
  ['/v/demo.localhost/de/frontpage/esperienze', 'de'],
] as const) {
  test(`host B asking for venue A's ${path} gets its own 404 page`, async ({ page, baseURL }) => {
    const response = await page.goto(`${otherHost(baseURL)}${path}`);
    expect(response?.status()).toBe(404);
    // Nothing of venue A in the answer: its name, its <head> HTML (a meta tag and a script).
    const html = (await response?.text()) ?? '';
    for (const text of [VENUE, 'venue-demo', 'data-venue-header']) expect(html).not.toContain(text);
    await expect(page.getByRole('heading', { level: 1, name: messages(locale)('notFound.title') })).toBeVisible();
    await expect(page).toHaveTitle(`${SECOND_VENUE} - ${messages(locale)('screens.notFound')}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // Nor in the page the browser built.
    await expect(page.locator('meta[name="venue-demo"]')).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-venue-header', 'ran');
    expect(await page.content()).not.toContain(VENUE);
  });
}

test("an internal path on venue A's own host is its 404 page too, with its own header", async ({ page }) => {
  const response = await page.goto('/v/seconda.localhost/en/index.html');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: messages('en')('notFound.title') })).toBeVisible();
  await expect(page).toHaveTitle(`${VENUE} - ${messages('en')('screens.notFound')}`);
  // The checks above are meaningful: on its own host, venue A's page carries its header.
  await expect(page.locator('meta[name="venue-demo"]')).toHaveCount(1);
  expect(await response?.text()).toContain('data-venue-header');
  expect(await page.content()).not.toContain(SECOND_VENUE);
});

test('venue B on its own host is still served', async ({ page, baseURL }) => {
  const response = await page.goto(`${otherHost(baseURL)}/en/reserve`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(new RegExp(`^${SECOND_VENUE} - `));
  await expect(page.locator('html')).not.toHaveAttribute('data-venue-header', 'ran');
});
