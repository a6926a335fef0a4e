import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contractCall, messages, firstWeekdayAfter } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * The host stand's service sheet on a phone (issue 44): one line per booking (time, party,
 * name, status and badges), its details on tap; at most 120 px a booking at 320, 360 and 412 px
 * in Italian and German, no sideways scroll; the cancellation policy once for the sheet, the card
 * guarantee as a total, no payment reference; axe-clean.
 */
/** A venue of its own each run (the suite's database outlives a run; counts on the sheet are exact). */
const HOST = `sheet-${Date.now().toString(36)}.localhost`;
const origin = siteUrl('builtin', HOST);
const it = messages('it');
const de = messages('de');
let token = '';

/** The first Saturday at least 10 days ahead (the fixture's dinner runs Tuesday to Sunday). */
const bookingDay = firstWeekdayAfter(10, 6);
const contract = (request: APIRequestContext, call: string, values: Record<string, string>) => contractCall(request, HOST, call, values);

async function book(request: APIRequestContext, i: number, pax: number, time: string, extra: Record<string, string> = {}) {
  const body = await contract(request, 'reservation/create', {
    pax: String(pax), date: bookingDay, time, zone: 'sala', nome: `Ospite${i}`, cognome: 'Sheet', email: `sheet-e2e-${i}-${Date.now()}@example.com`,
    prefisso: '+39', telefono: '3471234567', privacy: '1', marketing: '0', language: 'it', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${40 + i}`,
    ...extra,
  });
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as { hash?: string };
}

const POLICY = 'Penale per mancata presentazione';
const POLICY_DE = 'No-Show-Gebühr';
let reference = '';
let code = '';

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = { ...file, slug: HOST.split('.')[0], name: 'Osteria Sheet', hosts: [HOST], default: false, currency: 'EUR', booking: {
      autoConfirmMaxCovers: 6,
      smsConfirmation: { mode: 'never', covers: 0 },
      guarantee: { when: [{ zones: ['terrazza'] }], cancellation: { refundable: 'until', hoursBefore: 24 }, fee: { amount: 20, per: 'guest' } },
    } };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;

  // Six bookings: two guaranteed by card on the terrace (4 and 2 guests), a request of 10, long names, notes.
  for (const [i, pax] of [[1, 4], [2, 2]] as const) {
    const setup = await contract(request, 'reservation/guarantee', { pax: String(pax), date: bookingDay, time: '20:00', zone: 'terrazza' });
    expect(setup.data, JSON.stringify(setup)).toMatchObject({ required: true });
    reference = setup.data.reference;
    const saved = await contract(request, 'payment/confirmlocal', { reference, clientSecret: setup.data.clientSecret, cardNumber: '4242424242424242' });
    expect(saved.status, JSON.stringify(saved)).toBe(true);
    await book(request, i, pax, '20:00', { zone: 'terrazza', guaranteeReference: reference, cancellationPolicy: '1', note: 'Allergia alle noci, seggiolone' });
  }
  await book(request, 3, 10, '20:30', { nome: 'Massimiliano Alessandro', cognome: 'Bartolomeo-Castelfranchi' });
  await book(request, 4, 2, '19:30', { note: 'Anniversario' });
  await book(request, 5, 3, '21:00');
  code = (await book(request, 6, 5, '21:30', { nome: 'Annalisa', cognome: 'Schwarzenegger-Hohenzollern' })).hash!.slice(0, 8);
});

for (const [locale, t] of [['it', it], ['de', de]] as const) {
  test(`the sheet in ${locale} at 320, 360 and 412 px: one line a booking (≤ 120 px), no sideways scroll, the policy once, totals, axe-clean`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`${origin}/${locale}/staff`);
    await page.getByLabel(t('promo.staff.tokenLabel')).fill(token);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('staffArea.title'));
    const lines = page.getByTestId('staff-booking');
    await expect(async () => {
      await page.getByLabel(t('staffArea.day'), { exact: true }).fill(bookingDay);
      await expect(lines).toHaveCount(6, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });

    for (const width of [320, 360, 412]) {
      await page.setViewportSize({ width, height: 780 });
      const heights = await lines.evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().height)));
      expect(heights.length).toBe(6);
      for (const h of heights) expect(h, `${locale} at ${width} px: ${heights.join(', ')}`).toBeLessThanOrEqual(120);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${locale} at ${width} px`).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 360, height: 780 });

    // The line: time, party, name, status and the badges (card guarantee, notes).
    const guaranteed = page.getByRole('listitem', { name: '20:00 · Ospite1 Sheet' });
    await expect(guaranteed.getByTestId('staff-booking-line')).toContainText(t('staffArea.people').replace('{count}', '4'));
    await expect(guaranteed.getByTestId('badge-guarantee')).toHaveText(t('staffArea.badges.guarantee'));
    await expect(guaranteed.getByTestId('badge-notes')).toHaveText(t('staffArea.badges.notes'));
    await expect(page.getByRole('listitem', { name: '21:00 · Ospite5 Sheet' }).getByTestId('badge-guarantee')).toHaveCount(0);

    // The policy once for the sheet, though two bookings hold a card.
    await expect(page.getByTestId('staff-policies')).toHaveCount(1);
    const policy = locale === 'it' ? POLICY : POLICY_DE;
    await page.getByTestId('staff-policies').locator('summary').click();
    // Open every booking too: the policy's words show once on the sheet, not on each guaranteed booking.
    for (const summary of await page.getByTestId('staff-booking-line').all()) await summary.click();
    expect((await page.locator('main').innerText()).split(policy).length - 1).toBe(1);
    for (const summary of await page.getByTestId('staff-booking-line').all()) await summary.click();
    await expect(page.getByTestId('staff-policies')).toContainText(t('staffArea.policyText.policyUntilDay'));

    // Details on tap (by keyboard): the phone, the zone once, the notes, the guarantee as a total; no payment reference.
    const details = guaranteed.locator('details');
    await expect(details).not.toHaveAttribute('open');
    await guaranteed.getByTestId('staff-booking-line').focus();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open');
    await expect(guaranteed.locator('a[href^="tel:"]')).toBeVisible();
    await expect(guaranteed.getByTestId('guarantee-total')).toHaveText(/^(80([,.]00)?\s?€|€\s?80([,.]00)?)\s/);
    await expect(guaranteed.getByTestId('guarantee-total')).toContainText('4 ×');
    await expect(guaranteed.getByTestId('guarantee-total')).toContainText(t('staffArea.guaranteeTotal').replace('{total} ', ''));
    await expect(guaranteed.getByRole('button', { name: `${t('staffArea.actions.arrived')}: 20:00 · Ospite1 Sheet` })).toBeVisible();
    const body = (await page.locator('body').textContent())!;
    expect(body).not.toContain(reference);
    expect(body).not.toMatch(/\b(pi|seti|pm|cus)_[A-Za-z0-9]/);
    expect(body).not.toMatch(/Sala\s*Sala|Bereich\s*Bereich/);
    // Opened, a booking still fits the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await context.close();
  });
}

const nextDay = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test('the day in the address with previous and next day; the tally per shift; search across days; the printed run sheet', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${origin}/it/staff?date=${bookingDay}`);
  await page.getByLabel(it('promo.staff.tokenLabel')).fill(token);
  await page.keyboard.press('Enter');
  // Signed in, the day from the address, without typing it.
  const lines = page.getByTestId('staff-booking');
  await expect(lines).toHaveCount(6, { timeout: 15_000 });
  await expect(page.getByLabel(it('staffArea.day'), { exact: true })).toHaveValue(bookingDay);

  // The tally at the top of the shift: 26 expected (the request of 10 included), none seated; an arrival moves 2 to seated.
  const tally = (k: string) => page.getByTestId(`tally-cena-${k}`);
  await expect(tally('expected')).toHaveText('26');
  await expect(tally('seated')).toHaveText('0');
  await expect(tally('noShow')).toHaveText('0');
  await expect(tally('coversLeft')).toHaveText('34');
  const four = page.getByRole('listitem', { name: '19:30 · Ospite4 Sheet' });
  await four.getByTestId('staff-booking-line').click();
  await four.getByRole('button', { name: `${it('staffArea.actions.arrived')}: 19:30 · Ospite4 Sheet` }).click();
  await expect(tally('seated')).toHaveText('2');
  await expect(tally('expected')).toHaveText('24');
  await expect(tally('coversLeft')).toHaveText('34');

  // Next and previous day: the address follows, a reload keeps the day.
  await page.getByRole('link', { name: it('staffArea.nextDay') }).click();
  await expect(page).toHaveURL(new RegExp(`date=${nextDay(bookingDay, 1)}`));
  await expect(lines).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel(it('staffArea.day'), { exact: true })).toHaveValue(nextDay(bookingDay, 1));
  await page.getByRole('link', { name: it('staffArea.previousDay') }).click();
  await expect(page).toHaveURL(new RegExp(`date=${bookingDay}`));
  await expect(lines).toHaveCount(6);

  // Search from another day: by booking code, then by name; a result opens its day.
  await page.goto(`${origin}/it/staff?date=${nextDay(bookingDay, -3)}`);
  await expect(lines).toHaveCount(0);
  const search = page.getByRole('searchbox', { name: it('staffArea.search.label') });
  await search.fill(code.toLowerCase());
  await page.keyboard.press('Enter');
  const results = page.getByTestId('staff-search-results');
  await expect(results).toContainText('Annalisa Schwarzenegger-Hohenzollern');
  await search.fill('x');
  await page.getByRole('button', { name: it('staffArea.search.submit') }).click();
  await expect(page.getByText(it('staffArea.search.invalid'))).toBeVisible();
  await search.fill('ospite5');
  await page.keyboard.press('Enter');
  await expect(results.getByRole('listitem')).toHaveCount(1);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await results.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`date=${bookingDay}`));
  await expect(lines).toHaveCount(6);

  // Printed: no menu, no buttons, no forms; one page per shift, each booking's notes on its line.
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.site-header')).toBeHidden();
  await expect(page.getByRole('button', { name: /./ }).filter({ visible: true })).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toBeHidden();
  await expect(page.getByTestId('staff-day')).toBeVisible();
  expect(await page.getByRole('region').filter({ has: page.getByTestId('staff-booking') }).first().evaluate((s) => getComputedStyle(s).breakAfter)).toBe('page');
  await expect(four.locator('.staff-booking__printnote')).toHaveText('Anniversario');
  await expect(four.locator('a[href^="tel:"]')).toBeHidden();
  await context.close();
});
