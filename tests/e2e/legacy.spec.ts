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

test('a loyalty sign-up goes through the legacy contract and back', async ({ page }) => {
  const en = messages('en');
  const email = `legacy.${Date.now()}@example.com`;
  const signUp = async () => {
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="nome"]').fill('Paolo');
    await page.locator('input[name="cognome"]').fill('Gialli');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="telefono"]').fill('3401234567');
    await page.locator('select[name="compleannoGiorno"]').selectOption('2');
    await page.locator('select[name="compleannoMese"]').selectOption('2');
    await page.locator('input[name="privacy"]').check();
    await page.locator('input[name="marketing"]').check();
    await page.getByRole('button', { name: en('fidelity.submit') }).click();
  };
  await signUp();
  await page.waitForURL('**/en/frontpage/fidelity/success');
  await signUp();
  await page.waitForURL('**/en/frontpage/fidelity/error/alreadyRegistered');
});

test('a promo code is requested and shown through the legacy contract', async ({ page }) => {
  const en = messages('en');
  await page.goto('/en/promo/aperitivo-omaggio');
  await expect(page.getByRole('timer')).toContainText(en('promo.endsIn'));
  await expect(page.locator('.promo-count')).toHaveText(/^Only \d+ promotions? available!$/);
  await page.getByRole('button', { name: en('promo.download') }).click();
  const dialog = page.getByRole('dialog', { name: en('promo.formTitle') });
  await dialog.locator('input[name="nome"]').fill('Paolo');
  await dialog.locator('input[name="cognome"]').fill('Gialli');
  await dialog.locator('input[name="email"]').fill(`legacy.promo.${Date.now()}@example.com`);
  await dialog.locator('input[name="telefono"]').fill(`340${String(Date.now()).slice(-7)}`);
  await dialog.locator('input[name="privacy"]').check();
  await dialog.locator('input[name="marketing"]').check();
  await dialog.getByRole('button', { name: en('promo.submit') }).click();
  await page.waitForURL(/\/en\/frontpage\/promo\/aperitivo-omaggio\/confirm\?id=/);
  await page.getByRole('link', { name: en('promo.viewCode') }).click();
  await expect(page.getByTestId('promo-code')).toHaveText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await expect(page.locator('.promo-card__facts')).toContainText(en('promo.code.statusRequested'));
});
