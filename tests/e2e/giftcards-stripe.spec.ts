import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages, readMails, uniqueEmail } from './helpers';

// The PostgreSQL site: STRIPE_* keys set, so gift cards are sold through Stripe Checkout, here the
// stand-in of tests/helpers/fake-stripe.ts (its API and its hosted page, which signs the webhook).
const en = messages('en');

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

async function fillCheckout(page: Page, buyer: string, recipient: string) {
  await page.locator('#giftcard-checkout-firstName').fill('Carla');
  await page.locator('#giftcard-checkout-lastName').fill('Verdi');
  await page.getByRole('textbox', { name: en('giftcards.checkout.mobile'), exact: false }).first().fill('347 555 1234');
  await page.getByRole('textbox', { name: en('giftcards.checkout.email') }).fill(buyer);
  await page.getByLabel(en('giftcards.checkout.birthDate'), { exact: false }).first().fill('03/09/1979');
  await page.getByRole('textbox', { name: en('giftcards.checkout.city') }).fill('Torino');
  await page.getByRole('textbox', { name: en('giftcards.checkout.province') }).fill('TO');
  await page.getByRole('textbox', { name: en('giftcards.checkout.country') }).fill('Italia');
  await page.getByRole('textbox', { name: en('giftcards.checkout.cap') }).fill('10100');
  await page.getByRole('radio', { name: en('giftcards.checkout.toOther') }).check();
  await page.getByRole('textbox', { name: en('giftcards.checkout.recipientFirstName') }).fill('Dario');
  await page.getByRole('textbox', { name: en('giftcards.checkout.recipientLastName') }).fill('Neri');
  await page.getByRole('textbox', { name: en('giftcards.checkout.recipientMobile') }).fill('348 555 4321');
  await page.getByRole('textbox', { name: en('giftcards.checkout.recipientEmail') }).fill(recipient);
  await page.getByRole('textbox', { name: en('giftcards.checkout.message'), exact: false }).fill('Buon appetito, Dario!');
  await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
}

const STRIPE_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/pay\/cs_test_fake[a-f0-9]{24}$/;

test.describe('gift cards through Stripe Checkout (PostgreSQL site)', () => {
  test('a cancelled Checkout returns to the filled-in form; a paid one creates the cards once, by webhook and return alike', async ({ page, request }) => {
    test.setTimeout(120_000);
    const buyer = uniqueEmail('stripebuyer');
    const recipient = uniqueEmail('stripegiftee');

    await page.goto('/en/frontpage/giftcard/checkout/buono-50');
    await expect(page.getByRole('heading', { level: 1, name: en('giftcards.checkout.title') })).toBeVisible();
    await page.locator('#giftcard-checkout-quantity').fill('2');
    await fillCheckout(page, buyer, recipient);
    await expect(page.locator('.summary__list')).toContainText('€100');
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();

    // Stripe's hosted page, for the server's amount; "Back to the site" is Checkout's cancel.
    await expect(page).toHaveURL(STRIPE_PAGE);
    const first = page.url();
    await expect(page.getByText('Total: 100.00 EUR')).toBeVisible();
    await expect(page.getByText(buyer)).toBeVisible();
    await page.getByRole('button', { name: 'Back to the site' }).click();
    await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/checkout\/buono-50\?cancelled=1$/);
    await expect(page.getByText(en('giftcards.checkout.cancelled'))).toBeVisible();
    await expect(page.locator('#giftcard-checkout-firstName')).toHaveValue('Carla');
    await expect(page.locator('#giftcard-checkout-quantity')).toHaveValue('2');
    await expect(page.getByRole('textbox', { name: en('giftcards.checkout.recipientEmail') })).toHaveValue(recipient);
    await axe(page);
    // The cancelled session paid nothing and sent nothing.
    expect(readMails('postgres').filter((m) => m.to.includes(recipient) || m.to.includes(buyer))).toHaveLength(0);

    // Again, and this time pay: a new Checkout Session.
    await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();
    await expect(page).toHaveURL(STRIPE_PAGE);
    expect(page.url()).not.toBe(first);
    const session = page.url();
    await page.getByRole('button', { name: 'Pay 100.00 EUR' }).click();

    await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/purchaseconfirmation\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: en('giftcards.confirmation.title') })).toBeVisible();
    await expect(page.getByText(en('giftcards.confirmation.sentTo'))).toContainText(recipient);
    const orderNumber = (await page.locator('dd').first().textContent())!.trim();
    expect(orderNumber).toMatch(/^[A-Z2-9]{10}$/);
    await axe(page);

    // The site accepted the signed checkout.session.completed webhook (a bad signature is a 400).
    const apiUrl = session.replace('/pay/', '/__e2e/sessions/');
    await expect.poll(async () => (await (await request.get(apiUrl)).json()).webhook?.status ?? null, { timeout: 30_000 }).toBe(200);
    const paid = await (await request.get(apiUrl)).json();
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 10_000, currency: 'eur', metadata: { kind: 'giftcard' } });

    // Webhook and return raced: exactly one card e-mail (with both codes) and one receipt.
    await expect.poll(() => readMails('postgres').filter((m) => m.to.includes(recipient) || m.to.includes(buyer)).length, { timeout: 30_000 }).toBe(2);
    const cards = readMails('postgres').filter((m) => m.to.includes(recipient));
    expect(cards).toHaveLength(1);
    expect(cards[0].subject).toContain('€50 gift card');
    expect(cards[0].text).toContain('Buon appetito, Dario!');
    expect([...cards[0].text.matchAll(/Code \d: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/g)]).toHaveLength(2);
    const receipt = readMails('postgres').find((m) => m.to.includes(buyer))!;
    expect(receipt.subject).toContain(orderNumber);

    // Back from Stripe once more (the browser's history): still one card e-mail.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: en('giftcards.confirmation.title') })).toBeVisible();
    await page.goto(session);
    await expect(page.getByRole('status')).toHaveText('This Checkout Session is complete.');
    expect(readMails('postgres').filter((m) => m.to.includes(recipient))).toHaveLength(1);
  });
});
