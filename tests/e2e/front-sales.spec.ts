import { expect, test, type Page } from '@playwright/test';
import { en, fill, fillDetails } from './booking-steps';
import { fillBuyer, importSecondVenue, readMails, uniqueEmail, venueToday, type Mail } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_TOKEN, siteUrl } from './servers';

/**
 * The sales flows through a front (issue 30): the legacy site is a front of the built-in site
 * (BACKEND_URL), guests use only the front. The e-mails are queued and written by the backend
 * (its outbox directory), and every link in them must name the front.
 */
const front = siteUrl('legacy');
const backend = siteUrl('builtin');

/** The guest's e-mails from the backend's outbox, once `count` have arrived. */
async function mailsTo(email: string, count: number): Promise<Mail[]> {
  await expect.poll(() => readMails('builtin').filter((m) => m.to.includes(email)).length, { timeout: 30_000 }).toBe(count);
  return readMails('builtin').filter((m) => m.to.includes(email));
}

/** Every web address in an e-mail (text and HTML parts, quoted-printable soft breaks joined) is on the front. */
function expectLinksOnFront(mail: Mail) {
  const body = `${mail.text}\n${mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')}`;
  // Every link of ours goes to the front; the frame's map link (a map search for the venue) is the one link elsewhere,
  // besides the names of the reservation markup's vocabulary (https://schema.org/...).
  const links = [...new Set(body.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [])].filter((u) => !/^https?:\/\/(www\.)?w3\.org\//.test(u) && !/^https:\/\/schema\.org(\/|$)/.test(u) && !u.startsWith('https://www.google.com/maps/search/'));
  expect(links.length, `${mail.subject}: no link at all`).toBeGreaterThan(0);
  for (const link of links) expect(link, `${mail.subject}: ${link}`).toMatch(new RegExp(`^${front}/`));
  expect(body).not.toContain(backend);
}

/** The first day after today the calendar offers: today's times run out as the clock moves. */
async function firstDay(page: Page) {
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list.locator('option').nth(1)).toBeAttached();
  const today = venueToday();
  const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
  await list.selectOption(values.find((d) => d > today) ?? values[0]);
}

test.describe('sales through a front', () => {
  test('a gift card bought on the front is paid on the backend test page; its e-mails link to the front', async ({ page }) => {
    test.setTimeout(90_000);
    const buyer = uniqueEmail('frontbuyer');
    await page.goto('/en/frontpage/giftcard/checkout/buono-50');
    await fillBuyer(page, buyer);
    await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();
    // The test page lives on the backend; the front links there, not to itself.
    await expect(page).toHaveURL(new RegExp(`^${backend}/api/payments/testpay/lcs_[a-f0-9]{32}$`));
    await expect(page.getByText(en('giftcards.testpay.badge'))).toBeVisible();
    await page.getByRole('button', { name: fill(en('giftcards.testpay.pay'), { amount: '€50' }).replace(/\s+/g, ' ') }).click();
    await expect(page).toHaveURL(new RegExp(`^${front}/en/frontpage/giftcard/purchaseconfirmation/`), { timeout: 30_000 });
    await expect(page.getByText(en('giftcards.confirmation.sentTo'))).toContainText(buyer);
    const mails = await mailsTo(buyer, 2);
    for (const mail of mails) expectLinksOnFront(mail);
  });

  test('a promo code requested on the front: its e-mail links to the front', async ({ page }) => {
    const email = uniqueEmail('frontpromo');
    await page.goto('/en/promo/aperitivo-omaggio');
    await page.getByRole('button', { name: en('promo.download') }).click();
    const dialog = page.getByRole('dialog', { name: en('promo.formTitle') });
    await dialog.locator('input[name="nome"]').fill('Paolo');
    await dialog.locator('input[name="cognome"]').fill('Gialli');
    await dialog.locator('input[name="email"]').fill(email);
    await dialog.locator('input[name="telefono"]').fill(`341${String(Date.now()).slice(-7)}`);
    await dialog.locator('input[name="privacy"]').check();
    await dialog.locator('input[name="marketing"]').check();
    await dialog.getByRole('button', { name: en('promo.submit') }).click();
    await page.waitForURL(/\/en\/frontpage\/promo\/aperitivo-omaggio\/confirm\?id=/);
    const [mail] = await mailsTo(email, 1);
    expectLinksOnFront(mail);
    expect(mail.text).toMatch(new RegExp(`${front}/en/frontpage/promo/aperitivo-omaggio/[A-Za-z0-9_-]+`));
  });

  test('an experience booked with a deposit on the front: its e-mail links to the front', async ({ page }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('frontpasta');
    await page.goto('/en/frontpage/esperienze');
    await page.getByRole('link', { name: `${en('experiences.book')}: Handmade pasta class` }).click();
    await page.getByRole('button', { name: '2 people', exact: true }).click();
    await firstDay(page);
    await page.getByRole('button', { name: '16:00' }).click();
    await page.getByLabel(/Allergies or intolerances/).fill('none');
    await page.getByRole('button', { name: en('experiences.form.continue') }).click();
    await fillDetails(page, '3339876543', email);
    await page.getByLabel(en('reserve.guarantee.cardNumber')).fill('4242 4242 4242 4242');
    await page.getByLabel(en('reserve.guarantee.expiry')).fill('12/30');
    await page.getByLabel(en('reserve.guarantee.cvc')).fill('123');
    await page.getByRole('button', { name: fill(en('experiences.form.pay'), { amount: '€60' }) }).click();
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(page).toHaveURL(new RegExp(`^${front}/en/frontpage/esperienze/[A-Za-z0-9_-]+/confirm$`));
    const [mail] = await mailsTo(email, 1);
    expect(mail.text).toMatch(/€\s?60/);
    expectLinksOnFront(mail);
  });

  test('the front holds no data: its backend doors answer 409 naming the backend', async ({ request }) => {
    const contract = await request.post(`${front}/backend/api/frontpage/location/getlocation`, { headers: { authorization: `Bearer ${E2E_TOKEN}`, 'content-type': 'application/x-www-form-urlencoded' }, data: '' });
    expect(contract.status()).toBe(409);
    expect((await contract.json()).message).toContain(`front of ${backend}`);
    const admin = await request.post(`${front}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: {} });
    expect(admin.status()).toBe(409);
    const webhook = await request.post(`${front}/api/payments/webhook`, { headers: { 'stripe-signature': 't=1,v1=x' }, data: { type: 'checkout.session.completed' } });
    expect(webhook.status()).toBe(409);
    expect((await webhook.json()).message).toContain(`${backend}/api/payments/webhook`);
  });

  test('a venue change on the backend shows on the front at once (FRONT_URLS revalidation)', async ({ page, request }) => {
    // A venue of its own (terza.localhost), so the other specs' venues never change under them.
    const host = siteUrl('legacy', 'terza.localhost');
    const terza = { slug: 'terza', hosts: ['terza.localhost'] };
    await importSecondVenue(request, backend, { ...terza, name: 'Osteria Terza' });
    await page.goto(host);
    await expect(page.getByRole('heading', { level: 1, name: 'Osteria Terza' })).toBeVisible();
    // Cached on the front now; renamed on the backend, the front shows the new name on the next load.
    await page.goto(host);
    await importSecondVenue(request, backend, { ...terza, name: 'Osteria Terza Nuova' });
    await page.goto(host);
    await expect(page.getByRole('heading', { level: 1, name: 'Osteria Terza Nuova' })).toBeVisible();
  });
});
