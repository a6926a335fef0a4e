import { expect, test } from '@playwright/test';
import { messages, VENUE } from './helpers';

/** Runs on every site: built-in on PGlite, built-in on PostgreSQL, legacy backend. */
const it = messages('it');
const en = messages('en');

test('the home page shows the venue in Italian', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(`${VENUE} - ${it('screens.home')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1, name: VENUE })).toBeVisible();
});

test('the experiences are listed in the guest language', async ({ page }) => {
  await page.goto('/en/frontpage/esperienze');
  await expect(page).toHaveTitle(`${VENUE} - ${en('screens.experienceBooking')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Traditional tasting dinner' })).toBeVisible();
  // The three experiences' cards (the footer's opening hours have a heading of their own, outside the page's main content).
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(3);
  await page.goto('/de/frontpage/esperienze');
  await expect(page.getByRole('heading', { level: 2, name: 'Traditionelles Degustationsmenü' })).toBeVisible();
});

test('an unknown path is a 404 with the not-found screen', async ({ page }) => {
  const response = await page.goto('/questa-pagina-non-esiste');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: it('notFound.title') })).toBeVisible();
  await expect(page).toHaveTitle(`${VENUE} - ${it('screens.notFound')}`);
});
