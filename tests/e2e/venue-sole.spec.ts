import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './servers';

/**
 * Issue 45: "Trattoria Sole" (tests/fixtures/venue-sole.json, written from docs/venue-file.md)
 * imported over the admin API, its typo named in the warnings; the tasting's description,
 * simple HTML in the file, is shown as HTML on the experience list and on its page.
 */
test('an imported venue shows its experience description as HTML, on the list and on its page', async ({ page, request, baseURL }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-sole.json'), 'utf8'));
  const response = await request.post(`${baseURL}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: file });
  expect(response.status()).toBe(200);
  expect((await response.json()).data.warnings).toEqual(['booking.maxPartySize: unknown field, ignored; did you mean booking.partySize.max?']);

  const port = new URL(baseURL!).port;
  await page.goto(`http://sole.localhost:${port}/en/frontpage/esperienze`);
  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Wines of the Bologna hills' }) });
  const description = card.locator('.experience-description');
  await expect(description.locator('strong')).toHaveText('Bologna hills');
  await expect(description.getByRole('listitem')).toHaveText(['Pignoletto', 'Barbera']);
  await expect(card).not.toContainText('<p>');

  await card.getByRole('link', { name: /Details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wines of the Bologna hills' })).toBeVisible();
  const detail = page.locator('.experience-description');
  await expect(detail.locator('p')).toHaveText('Five wines of the Bologna hills with their maker.');
  await expect(detail.getByRole('listitem')).toHaveCount(2);
  await expect(page.locator('main')).not.toContainText('<strong>');
});
