import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axe, en, fill, fillDetails } from './booking-steps';
import { daysFromToday, importSecondVenue, messages, uniqueEmail, venueToday } from './helpers';
import { siteUrl } from './servers';

/**
 * Issue 45, the guest's side: a closed day reached by a link, the opening hours as text, the
 * deposit before the payment step, a payment that cannot start, the cancel page once cancelled,
 * and the favicon. Each screen is looked at at 320 and 1280 px (SHOTS=dir keeps screenshots).
 */
const it = messages('it');
const de = messages('de');
const widths = [320, 1280];

async function atWidths(page: Page, name: string, check: () => Promise<void>) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 320 ? 800 : 900 });
    await check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
    if (process.env.SHOTS) {
      fs.mkdirSync(process.env.SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.SHOTS, `${name}-${width}.png`), fullPage: true });
    }
  }
}

/** The next Monday (the demo venue's weekly closed day), at least two days ahead. */
function nextMonday() {
  for (let d = 2; d < 10; d++) {
    const day = daysFromToday(d);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
  throw new Error('no Monday');
}

const weekday = (locale: string, date: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

test('a link to a closed day says why in the guest language and offers the next open days', async ({ page }) => {
  const monday = nextMonday();
  await page.goto(`/reserve?pax=2&date=${monday}`);
  const notice = page.locator('.closed-day [role="status"]').first();
  await expect(notice).toContainText(fill(it('reserve.closed.weekly'), { weekday: weekday('it', monday) }));
  const next = page.locator('.closed-day__next button');
  await expect(next.first()).toBeVisible();
  await axe(page);
  await atWidths(page, 'closed-day-it', async () => {
    await expect(notice).toBeVisible();
  });
  // The same link in German, then the first day offered leads to its times.
  await page.goto(`/de/reserve?pax=2&date=${monday}`);
  await expect(page.locator('.closed-day [role="status"]').first()).toContainText(fill(de('reserve.closed.weekly'), { weekday: weekday('de', monday) }));
  await page.locator('.closed-day__next button').first().click();
  await expect(page).not.toHaveURL(new RegExp(`date=${monday}`));
  expect(new URL(page.url()).searchParams.get('date')! > monday).toBe(true);
  await expect(page.getByRole('button', { name: /^\d{2}:\d{2}/ }).first()).toBeVisible();
});

test('the opening hours are text on the home page and in the footer, in the guest language', async ({ page }) => {
  await page.goto('/');
  const home = page.locator('main .opening-hours');
  await expect(home.getByRole('heading', { name: it('hours.title') })).toBeVisible();
  await expect(home).toContainText('Lunedì');
  await expect(home).toContainText(it('hours.closed'));
  await expect(home).toContainText('Martedì – Domenica');
  await expect(page.locator('footer .opening-hours')).toContainText('Lunedì');
  await axe(page);
  await atWidths(page, 'home-hours-it', async () => {
    await expect(home).toBeVisible();
  });
  await page.goto('/en/frontpage/giftcards');
  const footer = page.locator('footer .opening-hours');
  await expect(footer.getByRole('heading', { name: en('hours.title') })).toBeVisible();
  await expect(footer).toContainText('Monday');
  await expect(footer).toContainText(en('hours.closed'));
  await atWidths(page, 'footer-hours-en', async () => {
    await expect(footer).toBeVisible();
  });
});

test('the experience list and page say the deposit per person before the payment step', async ({ page }) => {
  await page.goto('/en/frontpage/esperienze');
  const card = page.locator('.card', { has: page.getByRole('heading', { name: 'Handmade pasta class' }) });
  await expect(card.locator('.price')).toHaveText(`${en('experiences.price')}: €65 ${en('experiences.perPerson')} · ${fill(en('experiences.payDeposit'), { amount: '€30' })}`);
  await atWidths(page, 'experience-list-en', async () => {
    await expect(card.locator('.price')).toBeVisible();
  });
  await card.getByRole('link', { name: `${en('experiences.details')}: Handmade pasta class` }).click();
  await expect(page.locator('.experience-detail .price')).toContainText(fill(en('experiences.payDeposit'), { amount: '€30' }));
  await axe(page);
  await atWidths(page, 'experience-detail-en', async () => {
    await expect(page.locator('.experience-detail .price')).toBeVisible();
  });
});

test('a deposit that cannot start says so on the form and lets the guest try again', async ({ page }) => {
  let failures = 1;
  await page.route('**/api/experience/payment', async (route) => {
    if (failures-- > 0) return route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ error: 'paymentError' }) });
    return route.continue();
  });
  await page.goto('/en/frontpage/esperienze');
  await page.getByRole('link', { name: `${en('experiences.book')}: Handmade pasta class` }).click();
  await page.getByRole('button', { name: '2 people', exact: true }).click();
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list.locator('option').nth(1)).toBeAttached();
  const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  await list.selectOption(values.find((d) => d > venueToday()) ?? values[0]);
  await page.getByRole('button', { name: '16:00' }).click();
  await page.getByLabel(/Allergies or intolerances/).fill('none');
  await page.getByRole('button', { name: en('experiences.form.continue') }).click();
  await fillDetails(page, '3331234567', uniqueEmail('nostart'));
  const problem = page.locator('.payment-problem');
  await expect(problem).toContainText(en('experiences.form.paymentStartFailed'));
  // Still the details step, never a summary whose Confirm can only say "Payment is required".
  await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: en('reserve.summary.confirm') })).toHaveCount(0);
  await axe(page);
  await atWidths(page, 'deposit-retry-en', async () => {
    await expect(problem).toBeVisible();
  });
  await problem.getByRole('button', { name: en('experiences.form.paymentRetry') }).click();
  await expect(page.getByRole('heading', { name: en('experiences.form.payTitle') })).toBeVisible();
  await expect(page.getByText(fill(en('experiences.form.depositIntro'), { amount: '€60' }))).toBeVisible();
});

/** A table for two on the first open day, through the site's API; its hash. */
async function bookTable(request: APIRequestContext): Promise<string> {
  for (let d = 2; d < 16; d++) {
    const day = daysFromToday(d);
    const { data } = await (await request.get(`/api/reservation/day?day=${day}&pax=2`)).json();
    const slot = data?.slots?.find((s: { available: boolean }) => s.available);
    if (!slot) continue;
    const zone = slot.zones.find((z: { available: boolean }) => z.available).key;
    const response = await request.post('/api/reservation', {
      data: { pax: 2, date: day, time: slot.time, zone, nome: 'Anna', cognome: 'Bianchi', email: uniqueEmail('cancelpage'), prefisso: '+39', telefono: '3331112233', privacy: true, recaptchaV3Token: 'local.v3.pass.e2etoken' },
    });
    const hash = (await response.json()).data?.hash;
    if (hash) return hash;
  }
  throw new Error('no open day in two weeks');
}

test('once cancelled, the page shows the booking as cancelled under the news, not "Status: Confirmed" above it', async ({ page, request }) => {
  const hash = await bookTable(request);
  await page.goto(`/en/reserve/${hash}/cancel`);
  await expect(page.getByTestId('booking-status')).toHaveText(en('reserve.bookingStatus.confirmed'));
  await page.getByRole('button', { name: en('reserve.cancel.confirm') }).click();
  const done = page.getByRole('heading', { name: en('reserve.cancel.doneTitle') });
  await expect(done).toBeVisible();
  await expect(page.getByTestId('booking-status')).toHaveText([en('reserve.bookingStatus.cancelled')]);
  await expect(page.getByText(en('reserve.bookingStatus.confirmed'), { exact: true })).toHaveCount(0);
  await axe(page);
  await atWidths(page, 'cancelled-en', async () => {
    await expect(done).toBeVisible();
  });
});

test('a favicon on every page: the venue logo, or an icon made from its name; no 404', async ({ page, request, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const logo = await request.get('/favicon.ico', { maxRedirects: 0 });
  expect(logo.status()).toBe(302);
  expect(logo.headers().location).toBe('/venues/demo/logo.svg');
  await importSecondVenue(request, siteUrl('builtin'), { slug: 'terza', hosts: ['terza.localhost'], default: false, name: 'Locanda Terza', theme: { brandColor: '#1a5f3b', logo: '', cover: '' } });
  const made = await request.get(`${baseURL}/favicon.ico`, { headers: { host: `terza.localhost:${port}` } });
  expect(made.status()).toBe(200);
  expect(made.headers()['content-type']).toBe('image/png');
  expect((await made.body()).subarray(1, 4).toString()).toBe('PNG');
  // Pages name their icon, and nothing they load is missing.
  const missing: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 404) missing.push(r.url());
  });
  for (const path of ['/', '/en/reserve', '/en/frontpage/esperienze']) {
    await page.goto(path);
    await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/venues/demo/logo.svg');
  }
  await page.goto(`http://terza.localhost:${port}/en`);
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute('href', '/favicon.ico');
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
});

test('a full time offers the waiting list once, right under the times and above the experiences', async ({ page, request, baseURL }) => {
  const port = new URL(baseURL ?? '').port;
  const host = `quarta.localhost:${port}`;
  const fixture = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  // Two covers a time at dinner, and a waiting list.
  const dinner = { ...fixture.shifts.find((s: { key: string }) => s.key === 'cena'), slotCapacity: 2 };
  await importSecondVenue(request, siteUrl('builtin'), { slug: 'quarta', hosts: ['quarta.localhost'], default: false, name: 'Osteria Quarta', shifts: [dinner], booking: { waitingList: true } });
  let day = '';
  for (let d = 2; d < 12 && !day; d++) {
    const answer = await (await request.get(`${baseURL}/api/reservation/day?day=${daysFromToday(d)}&pax=2`, { headers: { host } })).json();
    if (answer.data?.slots?.some((s: { time: string; available: boolean }) => s.time === '20:00' && s.available)) day = daysFromToday(d);
  }
  expect(day).not.toBe('');
  const booked = await request.post(`${baseURL}/api/reservation`, {
    headers: { host },
    data: { pax: 2, date: day, time: '20:00', zone: 'sala', nome: 'Anna', cognome: 'Bianchi', email: uniqueEmail('full'), prefisso: '+39', telefono: '3331112244', privacy: true, recaptchaV3Token: 'local.v3.pass.e2etoken' },
  });
  expect(booked.status()).toBe(200);
  await page.goto(`http://${host}/en/reserve?pax=2&date=${day}`);
  await page.getByRole('button', { name: /^20:00/ }).click();
  const notice = page.locator('.time-step > .notice');
  await expect(notice).toHaveCount(1);
  await expect(notice).toHaveText(new RegExp(`^${en('reserve.time.waitingListHint').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  await expect(notice.getByRole('button', { name: en('reserve.time.waitingList') })).toBeVisible();
  await axe(page);
  await atWidths(page, 'waiting-list-en', async () => {
    await expect(notice).toBeVisible();
  });
});
