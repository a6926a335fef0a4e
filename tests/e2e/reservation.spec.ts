import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { daysFromToday, messages, readMails, VENUE } from './helpers';
import { commonYearFrom, impossibleDates } from '../helpers/dates';
import { partySize } from './booking-steps';

const en = messages('en');

async function chooseFirstDates(page: Page, count: number): Promise<string[]> {
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list).toBeVisible();
  const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  return values.slice(0, count);
}

async function fillDetails(page: Page, email: string) {
  await page.locator('input[name="nome"]').fill('Laura');
  await page.locator('input[name="cognome"]').fill('Bianchi');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="telefono"]').fill('3331112233');
  await page.locator('input[name="privacy"]').check();
}

test.describe('table reservation wizard', () => {
  test('books a table for two in English, from party size to confirmation', async ({ page, request }) => {
    // The phone prefixes are not in the page (issue 43): the details step fetches them.
    const html = await (await request.get('/en/reserve')).text();
    expect(html).not.toContain('Afghanistan');
    const prefixesFetched = page.waitForResponse((r) => r.url().includes('/api/phone-prefixes?locale=en') && r.status() === 200);
    await page.goto('/en/reserve');
    await expect(page).toHaveTitle(`${VENUE} - ${en('screens.reserve')}`);
    await expect(page.getByRole('navigation', { name: en('reserve.steps.label') })).toContainText(en('reserve.steps.people'));
    await partySize(page, '2 people').click();
    await expect(page).toHaveURL(/pax=2/);

    const [date] = await chooseFirstDates(page, 1);
    await page.getByLabel(en('reserve.date.list')).selectOption(date);
    await expect(page).toHaveURL(new RegExp(`date=${date}`));

    // The day's experiences, in an accordion; choosing one is optional.
    const accordion = page.getByRole('region', { name: en('reserve.time.experiences') });
    // One paid at the venue can be added to the table; one with a deposit is booked on its own form, prefilled.
    await accordion.getByText('Traditional tasting dinner', { exact: true }).click();
    await expect(accordion.getByRole('button', { name: `${en('reserve.experience.add')}: Traditional tasting dinner` })).toBeVisible();
    await accordion.getByText('Handmade pasta class', { exact: true }).click();
    await expect(accordion.getByRole('link', { name: en('reserve.time.bookExperience') }).first()).toHaveAttribute('href', new RegExp(`^/en/frontpage/esperienze/[A-Za-z0-9_-]+/2/${date}$`));

    // A time, then a zone: the seats are held, with a visible countdown.
    const slot = page.locator('.time-step .choice:not(.choice--full)').last();
    await slot.click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/Your table is held for another [0-9] min [0-5][0-9] s/);
    await prefixesFetched;
    const prefix = page.locator('select[name="prefisso"]');
    await expect(prefix.locator('option:checked')).toHaveText('Italy (+39)');
    await expect(prefix.locator('option[value="+44"]')).toHaveText('United Kingdom (+44)');

    // The wizard survives a reload.
    await page.reload();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();

    const email = `laura.${Date.now()}@example.com`;
    await fillDetails(page, email);
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();
    await expect(page.getByText(en('reserve.summary.footer'))).toBeVisible();
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL('**/en/reserve/confirm');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.confirmTitle') })).toBeVisible();
    await expect(page.getByText('Laura Bianchi')).toBeVisible();

    // The confirmation e-mail, with its calendar file, reaches the outbox (no SMTP configured).
    await expect
      .poll(() => readMails().some((m) => m.to === email && m.raw.includes('filename=reservation.ics')), { timeout: 20_000 })
      .toBe(true);
    await page.getByRole('link', { name: en('reserve.outcome.newReservation') }).click();
    await expect(page).toHaveURL(/\/en\/reserve$/);
  });

  test('the first step is server-rendered: party sizes work without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/en/reserve');
    await expect(page.getByRole('heading', { name: en('reserve.people.title') })).toBeVisible();
    await page.getByRole('link', { name: '2 people', exact: true }).click();
    await expect(page).toHaveURL(/\/en\/reserve\?pax=2$/);
    await context.close();
  });

  test('an impossible party size, date or time in the address sends the guest back to its step with the message, never a crash (issue 22)', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const day = daysFromToday(10);
    for (const [query, step, message] of [
      ['pax=abc', 'reserve.people.title', 'reserve.errors.paxInvalid'],
      ['pax=2&date=abc', 'reserve.date.title', 'reserve.errors.dateInvalid'],
      [`pax=2&date=${impossibleDates(new Date().getFullYear()).month13}`, 'reserve.date.title', 'reserve.errors.dateInvalid'],
      [`pax=2&date=${commonYearFrom(new Date().getFullYear() + 1)}-02-29`, 'reserve.date.title', 'reserve.errors.dateInvalid'],
      [`pax=2&date=${day}&time=99:99&zone=sala`, 'reserve.time.title', 'reserve.errors.timeInvalid'],
      [`pax=2&date=${day}&time=24:00&zone=sala`, 'reserve.time.title', 'reserve.errors.timeInvalid'],
    ] as const) {
      await page.goto(`/en/reserve?${query}`);
      await expect(page.getByRole('heading', { name: en(step) }), query).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: en(message) })).toBeVisible();
      await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toHaveCount(0);
    }
    expect(errors).toEqual([]);
  });

  test('the held table counts down; when the hold expires the guest is told and taken back to choose a time, never on to Confirm', async ({ page }) => {
    await page.clock.install();
    await page.goto('/en/reserve?pax=3');
    const [date] = await chooseFirstDates(page, 1);
    await page.getByLabel(en('reserve.date.list')).selectOption(date);
    await page.locator('.time-step .choice:not(.choice--full)').first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('timer')).toContainText(/held for another (8 min 00|7 min 5[0-9]) s/);
    await fillDetails(page, `expired.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();
    await expect(page.getByRole('heading', { name: new RegExp(`${en('reserve.summary.title')}|${en('reserve.guarantee.title')}`) })).toBeVisible();
    await page.clock.fastForward('08:30');
    await expect(page.getByRole('alert').filter({ hasText: en('reserve.time.expired') })).toBeVisible();
    // Back on the times, the details kept: the summary is reached only through a new hold.
    await expect(page.getByRole('heading', { name: en('reserve.time.title') })).toBeVisible();
    await expect(page.getByRole('button', { name: en('reserve.summary.confirm') })).toHaveCount(0);
    // The page's clock back in step with the server's, whose new hold runs 8 minutes from now.
    await page.clock.setSystemTime(new Date());
    await page.locator('.time-step .choice:not(.choice--full)').first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('timer')).toBeVisible();
    await expect(page.locator('input[name="nome"]')).toHaveValue('Laura');
  });

  test('the back button walks back through the steps', async ({ page }) => {
    await page.goto('/en/reserve');
    await partySize(page, '4 people').click();
    await expect(page.getByRole('heading', { name: en('reserve.date.title') })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { name: en('reserve.people.title') })).toBeVisible();
  });

  test('the last seats of a slot go to one guest; the other is offered the waiting list', async ({ browser, page, baseURL }) => {
    await page.goto('/en/reserve?pax=2');
    const dates = await chooseFirstDates(page, 3);
    const date = dates[2];
    // Fill the 21:30 dinner slot (16 covers) up to its last two seats (parties of 4 or fewer need no card or SMS code).
    for (const [i, pax] of [4, 4, 3, 3].entries()) {
      const response = await page.request.post(`${baseURL}/api/reservation`, {
        data: { pax, date, time: '21:30', zone: 'sala', nome: 'Pre', cognome: 'Filled', email: `pre${i}.${Date.now()}@example.com`, prefisso: '+39', telefono: '3331112233', privacy: true, language: 'en', recaptchaV3Token: 'local.v3.pass.e2etoken' },
      });
      expect(response.status()).toBe(200);
    }
    const guestA = page;
    const contextB = await browser.newContext();
    const guestB = await contextB.newPage();
    for (const guest of [guestA, guestB]) await guest.goto(`/en/reserve?pax=2&date=${date}`);
    await guestA.getByRole('button', { name: /^21:30/ }).click();
    await guestA.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(guestA.getByRole('timer')).toBeVisible();

    // Guest B now sees 21:30 as full, and is offered the waiting list.
    await guestB.reload();
    const full = guestB.getByRole('button', { name: /^21:30/ });
    await expect(full).toContainText(en('reserve.time.full'));
    await full.click();
    await guestB.getByRole('button', { name: en('reserve.time.waitingList') }).click();
    await fillDetails(guestB, `b.${Date.now()}@example.com`);
    await guestB.getByRole('button', { name: en('reserve.details.continue') }).click();
    await guestB.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await guestB.waitForURL('**/en/reserve/waitinglist');
    await expect(guestB.getByRole('heading', { level: 1, name: en('reserve.outcome.waitinglistTitle') })).toBeVisible();

    await fillDetails(guestA, `a.${Date.now()}@example.com`);
    await guestA.getByRole('button', { name: en('reserve.details.continue') }).click();
    await guestA.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await guestA.waitForURL('**/en/reserve/confirm');
    await contextB.close();
  });

  test('a booking module narrows the zones; an unknown module is a 404', async ({ page }) => {
    await page.goto('/en/r/terrazza?pax=2');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terrace');
    const [date] = await chooseFirstDates(page, 1);
    await page.getByLabel(en('reserve.date.list')).selectOption(date);
    await page.locator('.time-step .choice:not(.choice--full)').first().click();
    await expect(page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button')).toHaveText(['Terrace']);
    expect((await page.goto('/en/r/cantina'))?.status()).toBe(404);
  });

  test('works at 360 px wide with the keyboard, and axe finds no violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en/reserve');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await partySize(page, '2 people').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: en('reserve.date.title') })).toBeFocused();
    await expect(page.getByLabel(en('reserve.date.list'))).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });
});
