import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contractCall, messages, firstWeekdayAfter } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Tables on the host stand's sheet at 360 px (issue 44): each booking's table on its line (still
 * at most 120 px a booking at 320, 360 and 412 px), moved by hand ("Sposta tavolo": a table
 * taken refused, then seated there with the override), a seated party's turn timer; axe-clean.
 */
const HOST = `tables-${Date.now().toString(36)}.localhost`;
const origin = siteUrl('builtin', HOST);
const it = messages('it');
let token = '';

/** The first Saturday at least 10 days ahead (the fixture's dinner runs Tuesday to Sunday). */
const bookingDay = firstWeekdayAfter(10, 6);
const table = (name: string, zone: string, min: number, max: number) => ({ name, zone, seats: { min, max } });

async function book(request: APIRequestContext, i: number, pax: number, time: string) {
  const body = await contractCall(request, HOST, 'reservation/create', {
    pax: String(pax), date: bookingDay, time, zone: 'sala', nome: `Ospite${i}`, cognome: 'Tavoli', email: `tables-e2e-${i}-${Date.now()}@example.com`,
    prefisso: '+39', telefono: `34712345${60 + i}`, privacy: '1', marketing: '0', language: 'it', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${80 + i}`,
  });
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as { outcome?: string };
}

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = {
    ...file, slug: HOST.split('.')[0], name: 'Osteria Tavoli', hosts: [HOST], default: false, currency: 'EUR',
    booking: {
      autoConfirmMaxCovers: 8,
      smsConfirmation: { mode: 'never', covers: 0 },
      tables: [table('1', 'sala', 1, 2), table('2', 'sala', 1, 2), table('3', 'sala', 2, 4), table('4', 'sala', 2, 4), table('5', 'sala', 4, 6), table('20', 'terrazza', 2, 4)],
      tableCombinations: [{ tables: ['3', '4'], seats: { min: 5, max: 8 } }],
      availabilityByTables: true,
      turnMinutes: [{ upTo: 2, minutes: 90 }, { upTo: 4, minutes: 120 }, { upTo: 99, minutes: 150 }],
    },
  };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;
  // Two pairs at 20:00 (tables 1 and 2), four at 20:30 (table 3), six at 21:00 (table 5).
  for (const [i, pax, time] of [[1, 2, '20:00'], [2, 2, '20:00'], [3, 4, '20:30'], [4, 6, '21:00']] as const) expect((await book(request, i, pax, time)).outcome).toBe('confirm');
  // Seven at 21:30: the combination 3+4 is not free while the four sit at 3, and no table seats seven: not accepted.
  expect((await book(request, 5, 7, '21:30')).outcome).not.toBe('confirm');
});

test('the sheet with tables at 360 px: the table on each line (≤ 120 px), moved by hand with the override, a seated party\'s timer, axe-clean', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${origin}/it/staff?date=${bookingDay}`);
  await page.getByLabel(it('promo.staff.tokenLabel')).fill(token);
  await page.keyboard.press('Enter');
  const lines = page.getByTestId('staff-booking');
  await expect(lines.filter({ has: page.getByTestId('staff-table') })).toHaveCount(4, { timeout: 15_000 });

  for (const width of [320, 360, 412]) {
    await page.setViewportSize({ width, height: 780 });
    const heights = await lines.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().height)));
    for (const h of heights) expect(h, `at ${width} px: ${heights.join(', ')}`).toBeLessThanOrEqual(120);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 360, height: 780 });

  const tableOn = (name: string) => it('staffArea.tables.on').replace('{tables}', name);
  const first = page.getByRole('listitem', { name: '20:00 · Ospite1 Tavoli' });
  await expect(first.getByTestId('staff-table')).toContainText(tableOn('1'));
  await expect(page.getByRole('listitem', { name: '20:30 · Ospite3 Tavoli' }).getByTestId('staff-table')).toContainText(tableOn('3'));
  await expect(page.getByRole('listitem', { name: '21:00 · Ospite4 Tavoli' }).getByTestId('staff-table')).toContainText(tableOn('5'));

  // Moved by hand to table 2, which the other pair holds: refused, then seated there with the override.
  await first.getByTestId('staff-booking-line').click();
  await expect(first.getByTestId('staff-table-fact')).toHaveText('1');
  await first.getByRole('button', { name: `${it('staffArea.tables.move')}: 20:00 · Ospite1 Tavoli` }).click();
  await first.getByLabel(it('staffArea.tables.choose'), { exact: true }).selectOption('2');
  await first.getByRole('button', { name: it('staffArea.tables.save') }).click();
  await expect(first.getByRole('alert')).toContainText(it('staffArea.book.full.tableTaken'));
  await first.getByLabel(it('staffArea.book.override')).check();
  await first.getByRole('button', { name: it('staffArea.tables.save') }).click();
  await expect(first.getByRole('status')).toHaveText(it('staffArea.tables.moved').replace('{tables}', '2'));
  await expect(first.getByTestId('staff-table')).toContainText(tableOn('2'));
  await expect(first.getByTestId('badge-override')).toBeVisible();

  // Seated: the timer counts its minutes against the turn of a pair (90).
  const second = page.getByRole('listitem', { name: '20:00 · Ospite2 Tavoli' });
  await second.getByTestId('staff-booking-line').click();
  await second.getByRole('button', { name: `${it('staffArea.actions.arrived')}: 20:00 · Ospite2 Tavoli` }).click();
  const timer = second.getByRole('timer');
  await expect(timer).toHaveText(/^\d+\/90 min$/, { timeout: 10_000 });
  await expect(timer).toHaveAccessibleName(/90/);
  const heights = await lines.evaluateAll((items) => items.map((li) => Math.round(li.querySelector('summary')!.getBoundingClientRect().height)));
  for (const h of heights) expect(h, heights.join(', ')).toBeLessThanOrEqual(120);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
