import { expect, test } from '@playwright/test';
import { importSecondVenue, SECOND_VENUE, messages } from './helpers';
import { siteUrl } from './servers';

/**
 * The legacy site has no venue data of its own: everything comes over HTTP from the
 * built-in site's contract API, with the guest's host forwarded to pick the venue.
 */
test.beforeAll(async ({ request }) => {
  await importSecondVenue(request);
});

test('the guest host is forwarded: each host name gets its own venue', async ({ page }) => {
  await page.goto(siteUrl('legacy', 'seconda.localhost'));
  await expect(page.getByRole('heading', { level: 1, name: SECOND_VENUE })).toBeVisible();
  await expect(page).toHaveTitle(`${SECOND_VENUE} - ${messages('it')('screens.home')}`);
  await expect(page.locator('.venue-footer-note')).toHaveText(SECOND_VENUE);
});

test('a host no venue answers to is a 404', async ({ page }) => {
  const response = await page.goto(siteUrl('legacy', 'nessuno.localhost'));
  expect(response?.status()).toBe(404);
});
