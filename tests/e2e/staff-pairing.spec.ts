import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { messages } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Pairing a phone (issue 44) on a venue of its own (pair.localhost), at 360 px: a first phone
 * signs in with the venue credential and shows a pairing code at the end of its sheet; a second
 * browser (another device) types it on its sign-in page and is signed in as the same venue.
 * The code works once. Both pages axe-clean; sign-out is after the sheet, not above it.
 */
const HOST = 'pair.localhost';
const origin = siteUrl('builtin', HOST);
const it = messages('it');
let token = '';

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = { ...file, slug: 'pair-e2e', name: 'Osteria Pairing', hosts: [HOST], default: false };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;
});

test('pair a phone at 360 px: a code shown on a signed-in phone signs a second one in, once; axe-clean', async ({ browser }) => {
  const axeClean = async (page: import('@playwright/test').Page) => expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  const first = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone1 = await first.newPage();
  await phone1.goto(`${origin}/it/staff`);
  await phone1.getByLabel(it('promo.staff.tokenLabel')).fill(token);
  await phone1.getByRole('button', { name: it('promo.staff.signIn'), exact: true }).click();
  await expect(phone1.getByRole('heading', { level: 1 })).toHaveText(it('staffArea.title'));

  // Sign-out is kept, after the sheet: below "Pair a phone", not the first thing on the screen.
  const pair = phone1.getByRole('button', { name: it('staffArea.pair.button') });
  const signOut = phone1.getByRole('button', { name: it('staffArea.signOut') });
  await expect(signOut).toBeVisible();
  const [pairBox, outBox, sheetBox] = await Promise.all([pair.boundingBox(), signOut.boundingBox(), phone1.locator('.staff-sheet').first().boundingBox()]);
  expect(outBox!.y).toBeGreaterThan(pairBox!.y);
  expect(outBox!.y).toBeGreaterThan(sheetBox!.y);

  await pair.click();
  const code = (await phone1.locator('strong.staff-pair__code').textContent())!.trim();
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4} [2-9A-HJ-NP-Z]{4}$/);
  await expect(phone1.getByRole('status').filter({ hasText: code })).toBeVisible();
  expect(await phone1.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(phone1);

  // A second device: the sign-in page offers the code first; typed as read, lower case included.
  const second = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone2 = await second.newPage();
  await phone2.goto(`${origin}/it/staff`);
  expect(await phone2.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(phone2);
  await phone2.getByLabel(it('promo.staff.codeLabel')).fill('WRONG000');
  await phone2.getByRole('button', { name: it('promo.staff.codeSignIn') }).click();
  await expect(phone2.locator('#staff-code-error')).toHaveText(it('promo.staff.wrongCode'));
  await axeClean(phone2);
  await phone2.getByLabel(it('promo.staff.codeLabel')).fill(code.toLowerCase());
  await phone2.keyboard.press('Enter');
  await expect(phone2.getByRole('heading', { level: 1 })).toHaveText(it('staffArea.title'));
  await expect(phone2.getByRole('button', { name: it('staffArea.pair.button') })).toBeVisible();

  // Once only: a third device with the same code is refused.
  const third = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone3 = await third.newPage();
  await phone3.goto(`${origin}/it/staff`);
  await phone3.getByLabel(it('promo.staff.codeLabel')).fill(code);
  await phone3.getByRole('button', { name: it('promo.staff.codeSignIn') }).click();
  await expect(phone3.locator('#staff-code-error')).toHaveText(it('promo.staff.wrongCode'));
  await Promise.all([first.close(), second.close(), third.close()]);
});
