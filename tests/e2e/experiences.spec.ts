import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axe, en, fill, fillDetails } from './booking-steps';
import { daysFromToday, readMails, uniqueEmail, venueToday } from './helpers';
import { E2E_TOKEN, siteUrl } from './servers';
import { impossibleDates, leapYearAfter } from '../helpers/dates';

type Listed = { id: number; hash: string; titolo: { en: string } };

/** The demo venue's experiences, read from the built-in backend's contract (ids are not shown on the pages; the legacy site's backend is that one). */
async function experiences(request: APIRequestContext): Promise<Record<string, Listed>> {
  const response = await request.post(`${siteUrl('builtin')}/backend/api/frontpage/experience/getexperiencelist`, { headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' }, data: '' });
  const { data } = await response.json();
  return Object.fromEntries((data.elenco as Listed[]).map((e) => [e.titolo.en, e]));
}

/** The first day after today the calendar offers (the date list under the grid): today's times run out as the clock moves. */
async function firstDay(page: Page) {
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list.locator('option').nth(1)).toBeAttached();
  const today = venueToday();
  const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  const date = values.find((d) => d > today) ?? values[0];
  await list.selectOption(date);
  return date;
}

const mailTo = async (email: string, subject: RegExp) => {
  let found: ReturnType<typeof readMails>[number] | undefined;
  await expect.poll(() => (found = readMails().find((m) => m.to.includes(email) && subject.test(m.subject))), { timeout: 20_000 }).toBeTruthy();
  return found!;
};

test.describe('experience bookings', () => {
  test('books an experience with a deposit on the local provider, from the list to the confirmation e-mail', async ({ page }) => {
    const email = uniqueEmail('pasta');
    await page.goto('/en/frontpage/esperienze');
    await page.getByRole('link', { name: `${en('experiences.book')}: Handmade pasta class` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fill(en('experiences.form.title'), { title: 'Handmade pasta class' }));
    // The progress indicator lists every step the guest will pass through, the payment included.
    const progress = page.getByRole('navigation', { name: en('reserve.steps.label') });
    for (const step of ['reserve.steps.people', 'reserve.steps.date', 'reserve.steps.time', 'experiences.steps.fields', 'reserve.steps.details', 'experiences.steps.payment', 'reserve.steps.summary']) await expect(progress).toContainText(en(step));
    await expect(progress.locator('[aria-current="step"]')).toContainText(en('reserve.steps.people'));
    await axe(page);

    // The first step's heading is not focused on arrival; each later step's takes the focus, so screen readers follow.
    await expect(page.getByRole('heading', { name: en('experiences.form.people') })).not.toBeFocused();
    await page.getByRole('button', { name: '2 people', exact: true }).click();
    await expect(page.getByRole('heading', { name: en('experiences.form.date') })).toBeFocused();
    await expect(page.getByText('€65 × 2 = €130')).toBeVisible();
    await firstDay(page);
    await page.getByRole('button', { name: '16:00' }).click();

    // A required additional field is checked before the guest moves on.
    await expect(page.getByRole('heading', { name: en('experiences.form.fields') })).toBeFocused();
    await page.getByRole('button', { name: en('experiences.form.continue') }).click();
    await expect(page.getByText(en('experiences.errors.fieldRequired'))).toBeVisible();
    await page.getByLabel(/Allergies or intolerances/).fill('none');
    await page.getByRole('button', { name: en('experiences.form.continue') }).click();

    await fillDetails(page, '3331234567', email);
    await expect(page.getByRole('heading', { name: en('experiences.form.payTitle') })).toBeVisible();
    await expect(page.getByText(fill(en('experiences.form.depositIntro'), { amount: '€60' }))).toBeVisible();
    await axe(page);
    const pay = async (card: string) => {
      await page.getByLabel(en('reserve.guarantee.cardNumber')).fill(card);
      await page.getByLabel(en('reserve.guarantee.expiry')).fill('12/30');
      await page.getByLabel(en('reserve.guarantee.cvc')).fill('123');
      await page.getByRole('button', { name: fill(en('experiences.form.pay'), { amount: '€60' }) }).click();
    };
    await pay('4000 0000 0000 0002');
    await expect(page.locator('p[role="alert"]')).toHaveText(en('reserve.guarantee.declined'));
    await pay('4242 4242 4242 4242');

    const summary = page.getByRole('region', { name: en('reserve.summary.title') });
    await expect(summary).toContainText('Handmade pasta class');
    await expect(summary).toContainText(`${en('experiences.summary.paid')}€60`);
    await expect(summary).toContainText('none');
    await axe(page);
    // At 360 px the summary fits the screen (it was 719–756 px wide) and its Confirm button is the one clicked.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click({ trial: true });
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(page).toHaveURL(/\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+\/confirm$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('experiences.outcome.confirmTitle'));
    await expect(page.getByRole('region', { name: en('reserve.outcome.details') })).toContainText('Giulia Neri');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // The confirmation gives the booking's reference and the ways to change and cancel it.
    const change = page.getByRole('link', { name: en('experiences.manage.changeLink') });
    await expect(change).toHaveAttribute('href', /\/en\/frontpage\/esperienze\/prenotazione\/[2-9A-HJKMNP-Z]{26}\/edit$/);
    await expect(page.getByRole('link', { name: en('experiences.manage.cancelLink') })).toBeVisible();
    await axe(page);
    await change.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('experiences.manage.editTitle'));
    await axe(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    const mail = await mailTo(email, /Handmade pasta class/);
    expect(mail.text).toMatch(/€\s?60/);
    expect(mail.raw).toContain('experience.ics');
  });

  test('after a failed bot check with the deposit paid, a retry sends the same booking with the same payment (issue 41)', async ({ page, context, baseURL }) => {
    const email = uniqueEmail('botpaid');
    const host = new URL(baseURL!).hostname;
    await page.goto('/en/frontpage/esperienze');
    await page.getByRole('link', { name: `${en('experiences.book')}: Handmade pasta class` }).click();
    await page.getByRole('button', { name: '2 people', exact: true }).click();
    await firstDay(page);
    await page.getByRole('button', { name: '10:00' }).click();
    await page.getByLabel(/Allergies or intolerances/).fill('none');
    await page.getByRole('button', { name: en('experiences.form.continue') }).click();
    await fillDetails(page, '3331234568', email);
    await page.getByLabel(en('reserve.guarantee.cardNumber')).fill('4242 4242 4242 4242');
    await page.getByLabel(en('reserve.guarantee.expiry')).fill('12/30');
    await page.getByLabel(en('reserve.guarantee.cvc')).fill('123');
    await page.getByRole('button', { name: fill(en('experiences.form.pay'), { amount: '€60' }) }).click();
    // Paid; then the invisible check fails outright.
    await context.addCookies([{ name: 'frontpage-botcheck', value: 'fail', domain: host, path: '/' }]);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(page.getByRole('heading', { name: en('reserve.botcheck.failedTitle') })).toBeVisible();
    await expect(page.getByText(fill(en('reserve.botcheck.failedPaidText'), { amount: '€60', minutes: 30 }))).toBeVisible();
    await expect(page.getByRole('button', { name: en('reserve.botcheck.restart') })).toBeVisible();
    await axe(page);
    // The guest tries again (the check passes this time): the same payment books, no second payment is asked.
    await context.clearCookies({ name: 'frontpage-botcheck' });
    await page.getByRole('button', { name: en('reserve.botcheck.retryPaid') }).click();
    const summary = page.getByRole('region', { name: en('reserve.summary.title') });
    await expect(summary).toContainText(`${en('experiences.summary.paid')}€60`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(page).toHaveURL(/\/en\/frontpage\/esperienze\/[A-Za-z0-9_-]+\/confirm$/);
    const mail = await mailTo(email, /Handmade pasta class/);
    expect(mail.text).toMatch(/€\s?60/);
  });

  test("an impossible date or party size in the address is the site's 404 page, never a 500 (issue 22)", async ({ page, request }) => {
    const dinner = (await experiences(request))['Traditional tasting dinner'];
    const year = new Date().getUTCFullYear();
    const bad = impossibleDates(year);
    const leapDay = `${leapYearAfter(year)}-02-29`;
    for (const tail of [`2/${bad.month13}`, `2/${bad.day32}`, `2/${bad.month0}`, `2/${bad.commonLeapDay}`, `0/${leapDay}`, `1e3/${leapDay}`, 'abc/abc']) {
      const response = await page.goto(`/en/frontpage/esperienze/${dinner.hash}/${tail}`);
      expect(response?.status(), tail).toBe(404);
      await expect(page.getByRole('heading', { name: en('notFound.title') })).toBeVisible();
    }
  });

  test('a one-date experience weeks ahead: the calendar opens on its month with its date, and says so when a month has none (issue 29)', async ({ page, request }) => {
    const wine = (await experiences(request))['Tuscan wine tasting'];
    await page.goto(`/en/frontpage/esperienze/${wine.hash}/reserve`);
    await page.getByRole('button', { name: '2 people', exact: true }).click();
    // Its one date is offered at once, without paging through empty months.
    const list = page.getByLabel(en('reserve.date.list'));
    await expect(list.locator('option')).toHaveCount(2);
    const date = (await list.locator('option').nth(1).getAttribute('value'))!;
    expect(date >= daysFromToday(1)).toBe(true);
    // The calendar's legend names the days' states (issue 29).
    const legend = page.getByRole('list', { name: en('reserve.date.legend') });
    for (const state of ['available', 'completed', 'closed']) await expect(legend).toContainText(en(`reserve.date.states.${state}`));
    // The month before says there are no dates, not that the party is too large.
    await page.getByRole('button', { name: en('reserve.date.previous') }).click();
    await expect(page.locator('#date-list')).toHaveText(en('reserve.date.noneThisMonth'));
  });

  test('keeps to the guest limits and the required fields, in the browser and on the server', async ({ page, request }) => {
    const list = await experiences(request);
    const dinner = list['Traditional tasting dinner'];
    const pasta = list['Handmade pasta class'];
    // A prefilled party below the minimum is said, and only allowed sizes are offered.
    await page.goto(`/en/frontpage/esperienze/${dinner.hash}/1/${daysFromToday(20)}`);
    await expect(page.locator('p[role="alert"]')).toHaveText(fill(en('experiences.errors.guestsBelowMin'), { min: 2 }));
    await expect(page.getByRole('button', { name: '1 person', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: '2 people', exact: true })).toBeVisible();
    await axe(page);

    const guest = { nome: 'Anna', cognome: 'Verdi', email: uniqueEmail('limits'), prefisso: '+39', telefono: '3331112233', privacy: true };
    // A day the pasta class runs (closures and the notice decide, not the calendar).
    const { data: days } = await (await request.get(`/api/experience/days?experienceId=${pasta.id}&year=${daysFromToday(20).slice(0, 4)}&month=${Number(daysFromToday(20).slice(5, 7))}&pax=2`)).json();
    const open = (days as { date: string; state: string }[]).filter((d) => d.state === 'available' && d.date > daysFromToday(1)).map((d) => d.date);
    const day = open[0] ?? daysFromToday(40);
    const small = await request.post('/api/experience', { data: { payload: { ...guest, experienceId: dinner.id, day, time: '20:00', pax: 1, zone: 'sala' }, recaptchaV3Token: 'local.v3.pass.e2etoken' } });
    expect(small.status()).toBe(400);
    expect(await small.json()).toMatchObject({ error: 'guestsBelowMin' });
    const big = await request.post('/api/experience', { data: { payload: { ...guest, experienceId: dinner.id, day, time: '20:00', pax: 9, zone: 'sala' }, recaptchaV3Token: 'local.v3.pass.e2etoken' } });
    expect(await big.json()).toMatchObject({ error: 'guestsAboveMax' });
    const fields = await request.post('/api/experience', { data: { payload: { ...guest, experienceId: pasta.id, day, time: '16:00', pax: 2, campiAggiuntivi: { grembiule: 'M' } }, recaptchaV3Token: 'local.v3.pass.e2etoken' } });
    expect(fields.status()).toBe(400);
    expect(await fields.json()).toMatchObject({ fieldErrors: { 'campiAggiuntivi.allergie': 'fieldRequired' } });
  });

  test('adds an experience to a table booking without leaving the wizard', async ({ page }) => {
    const email = uniqueEmail('addon');
    await page.goto('/en/reserve?pax=2');
    await firstDay(page);
    const accordion = page.getByRole('region', { name: en('reserve.time.experiences') });
    await accordion.getByText('Traditional tasting dinner', { exact: true }).click();
    await accordion.getByRole('button', { name: `${en('reserve.experience.add')}: Traditional tasting dinner` }).click();
    await expect(page).toHaveURL(/experience=[A-Za-z0-9_-]+/);
    await expect(accordion.getByRole('button', { name: `${en('reserve.experience.remove')}: Traditional tasting dinner` })).toBeVisible();
    await page.locator('.time-step .choice:not(.choice--full)').last().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await fillDetails(page, '3337654321', email);
    const summary = page.getByRole('region', { name: en('reserve.summary.title') });
    await expect(summary).toContainText(`Traditional tasting dinner (${en('reserve.experience.atVenue')})`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(page).toHaveURL(/\/en\/reserve\/confirm$/);

    const mail = await mailTo(email, /confirmed/);
    expect(mail.text).toContain(`${en('reserve.summary.experience')}: Traditional tasting dinner`);
    const edit = /\/en\/reserve\/[2-9A-HJKMNP-Z]{26}\/edit/.exec(mail.text)![0];
    await page.goto(edit);
    await expect(page.getByRole('region', { name: en('reserve.edit.current') })).toContainText('Traditional tasting dinner');
  });

  test('experience pages are worth sharing: JSON-LD Event, share image, canonical and hreflang, sitemap and robots', async ({ page, request }) => {
    const dinner = (await experiences(request))['Traditional tasting dinner'];
    await page.goto(`/en/frontpage/esperienze/${dinner.hash}`);
    // One Event per upcoming bookable date (issue 26), each with its start and Offer.
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!) as { startDate: string }[];
    expect(ld.length).toBeGreaterThan(0);
    expect(ld[0]).toMatchObject({ '@type': 'Event', name: 'Traditional tasting dinner', offers: { '@type': 'Offer', price: '85.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' } });
    expect(ld.every((e) => /^\d{4}-\d{2}-\d{2}/.test(e.startDate))).toBe(true);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(new RegExp(`/en/frontpage/esperienze/${dinner.hash}$`));
    await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(6);
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(image).toContain(`/api/og/experience/${dinner.hash}?locale=en`);
    const png = await request.get(new URL(image!).pathname + new URL(image!).search);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.getByRole('img', { name: fill(en('experiences.photoAlt'), { title: 'Traditional tasting dinner' }) })).toBeVisible();
    await axe(page);

    // The list's photos load lazily, with alt text, but the first (the page's largest paint on a phone, issue 43).
    await page.goto('/en/frontpage/esperienze');
    await expect(page.locator('.card img.experience-photo').first()).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('.card img.experience-photo').nth(1)).toHaveAttribute('loading', 'lazy');

    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const prefix of ['', '/en', '/fr', '/es', '/de']) expect(sitemap).toContain(`${prefix}/frontpage/esperienze/${dinner.hash}</loc>`);
    expect(sitemap).toContain('/frontpage/fidelity</loc>');
    expect(sitemap).toContain('/en/frontpage/accessibility</loc>');
    expect(sitemap).toContain('hreflang="x-default"');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /api/');
  });
});
