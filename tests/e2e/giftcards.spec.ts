import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { fillBuyer, messages, readMails, uniqueEmail } from './helpers';

const en = messages('en');

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

test.describe('gift cards', () => {
  test('a guest buys two cards for another person with the local test provider; both e-mails arrive', async ({ page }) => {
    test.setTimeout(120_000);
    const buyer = uniqueEmail('giftbuyer');
    const recipient = uniqueEmail('giftee');
    // Going on to the payment is not "leaving a form in progress": no confirmation is asked.
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.accept();
    });

    await page.goto('/en/frontpage/giftcards');
    await expect(page.getByRole('heading', { level: 1, name: en('giftcards.listTitle') })).toBeVisible();
    await axe(page);
    await page.getByRole('link', { name: /€50 gift card/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '€50 gift card' })).toBeVisible();
    await expect(page.getByText(/Valid for 12 months/)).toBeVisible();
    await axe(page);
    await page.getByLabel(en('giftcards.quantity')).fill('2');
    await page.getByRole('button', { name: en('giftcards.buy') }).click();

    await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/checkout\/buono-50$/);
    await expect(page.locator('#giftcard-checkout-quantity')).toHaveValue('2');
    // Nothing filled: the section 5 messages, word for word.
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();
    const summary = page.getByRole('alert', { name: en('giftcards.errors.summaryTitle') });
    await expect(summary).toBeVisible();
    await expect(summary).toContainText(en('giftcards.errors.required'));
    await expect(summary).toContainText('Accept the privacy policy to proceed with the purchase');
    await axe(page);

    await fillBuyer(page, buyer);
    await page.getByRole('radio', { name: en('giftcards.checkout.toOther') }).check();
    await page.getByRole('textbox', { name: en('giftcards.checkout.recipientFirstName') }).fill('Bruno');
    await page.getByRole('textbox', { name: en('giftcards.checkout.recipientLastName') }).fill('Bianchi');
    await page.getByRole('textbox', { name: en('giftcards.checkout.recipientMobile') }).fill('348 765 4321');
    await page.getByRole('textbox', { name: en('giftcards.checkout.recipientEmail') }).fill('bruno@');
    await page.getByRole('textbox', { name: en('giftcards.checkout.message'), exact: false }).fill('Happy birthday, Bruno!');
    await page.getByRole('radio', { name: en('giftcards.checkout.wallet') }).check();
    await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();
    await expect(summary).toContainText('Please enter a valid email address for the recipient.');
    await page.getByRole('textbox', { name: en('giftcards.checkout.recipientEmail') }).fill(recipient);
    // The total is the server's: 2 × €50.
    await expect(page.locator('.summary__list')).toContainText('€100');
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();

    // The hosted test page: "Test mode", a declined card, then a cancel back to the checkout with the data kept.
    await expect(page).toHaveURL(/\/api\/payments\/testpay\/lcs_[a-f0-9]{32}$/);
    await expect(page.getByText(en('giftcards.testpay.badge'))).toBeVisible();
    await axe(page);
    await page.getByLabel(en('giftcards.testpay.cardNumber')).fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('alert')).toHaveText(en('giftcards.testpay.card_declined'));
    await page.getByRole('button', { name: en('giftcards.testpay.cancel') }).click();
    await expect(page.getByText(en('giftcards.checkout.cancelled'))).toBeVisible();
    await expect(page.locator('#giftcard-checkout-firstName')).toHaveValue('Anna');
    await expect(page.getByRole('textbox', { name: en('giftcards.checkout.recipientEmail') })).toHaveValue(recipient);
    await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
    await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();

    await expect(page).toHaveURL(/\/api\/payments\/testpay\/lcs_[a-f0-9]{32}$/);
    await expect(page.getByText(en('giftcards.testpay.badge'))).toBeVisible();
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/purchaseconfirmation\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: en('giftcards.confirmation.title') })).toBeVisible();
    await expect(page.getByText(en('giftcards.confirmation.sentTo'))).toContainText(recipient);
    expect(dialogs).toEqual([]);
    const orderNumber = (await page.locator('dd').first().textContent())!.trim();
    expect(orderNumber).toMatch(/^[A-Z2-9]{10}$/);
    await axe(page);

    // The outbox: the card(s) to the recipient, the confirmation with the receipt to the buyer.
    await expect.poll(() => readMails().filter((m) => m.to.includes(recipient) || m.to.includes(buyer)).length, { timeout: 30_000 }).toBe(2);
    const card = readMails().find((m) => m.to.includes(recipient))!;
    expect(card.subject).toContain('€50 gift card');
    expect(card.text).toContain('Happy birthday, Bruno!');
    const codes = [...card.text.matchAll(/Code \d: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/g)].map((m) => m[1]);
    expect(codes).toHaveLength(2);
    expect(card.raw).toContain('image/png');
    const receipt = readMails().find((m) => m.to.includes(buyer))!;
    expect(receipt.subject).toContain(orderNumber);
    expect(receipt.text).toMatch(/€\s?100/);

    // The printable card, from the link in the e-mail.
    const print = /Print the card: (http\S+)/.exec(card.text)![1];
    await page.goto(new URL(print).pathname);
    await expect(page.getByText(codes[0]).or(page.getByText(codes[1]))).toBeVisible();
    await expect(page.getByRole('img', { name: en('giftcards.print.qr') })).toBeVisible();
    await axe(page);
    // Printed, it is the card alone: no site menu, footer or print button (issue 29).
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.site-header')).toBeHidden();
    await expect(page.locator('.site-footer')).toBeHidden();
    await expect(page.getByRole('button', { name: en('giftcards.print.print') })).toBeHidden();
    await expect(page.getByRole('img', { name: en('giftcards.print.qr') })).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect(page.locator('.site-header')).toBeVisible();

    // The holder's balance page.
    await page.goto('/en/frontpage/giftcard/balance');
    await page.getByLabel(en('giftcards.balance.code')).fill(codes[1].toLowerCase());
    await page.getByRole('button', { name: en('giftcards.balance.submit') }).click();
    await expect(page.getByRole('status')).toContainText('€50');
    await page.getByLabel(en('giftcards.balance.code')).fill('AAAA-BBBB-CCCC-DDDD');
    await page.getByRole('button', { name: en('giftcards.balance.submit') }).click();
    await expect(page.locator('#giftcard-balance-error')).toHaveText(en('giftcards.errors.codeNotFound'));
    await axe(page);

    // Coming back from the provider again changes nothing: still two cards, two e-mails.
    await page.goBack();
    await expect.poll(() => readMails().filter((m) => m.to.includes(recipient)).length).toBe(1);
  });

  test('in German: a custom value outside {min}–{max} is refused in German, then a card for me is bought', async ({ page }) => {
    test.setTimeout(90_000);
    const de = messages('de');
    const buyer = uniqueEmail('kaeufer');
    await page.goto('/de/frontpage/giftcard/checkout/buono-libero');
    await expect(page.getByRole('heading', { level: 1, name: de('giftcards.checkout.title') })).toBeVisible();
    // The phone prefixes: countries named in German, with the search box (issue 29).
    await expect(page.getByLabel(de('forms.labels.prefixSearch')).first()).toBeVisible();
    await expect(page.locator('#giftcard-checkout-prefix option', { hasText: 'Deutschland (+49)' })).toHaveCount(1);
    await fillBuyer(page, buyer, de);
    // Out of range: said under the field at once, and no total for it.
    await page.getByLabel(de('giftcards.customValue'), { exact: false }).fill('1000');
    const rangeError = de('giftcards.errors.amountRange').replace('{min}', '20 €').replace('{max}', '500 €');
    await expect(page.locator('#giftcard-checkout-customValue-error')).toContainText(rangeError);
    await expect(page.locator('.summary__list')).not.toContainText('1.000');
    await page.getByRole('checkbox', { name: de('giftcards.checkout.privacy') }).check();
    await page.getByRole('button', { name: de('giftcards.checkout.proceed') }).click();
    const summary = page.getByRole('alert', { name: de('giftcards.errors.summaryTitle') });
    await expect(summary).toContainText(de('giftcards.errors.amountRange').replace('{min}', '20 €').replace('{max}', '500 €'));
    await axe(page);
    await page.getByLabel(de('giftcards.customValue'), { exact: false }).fill('75');
    await expect(page.locator('.summary__list')).toContainText('75 €');
    await page.getByRole('button', { name: de('giftcards.checkout.proceed') }).click();
    await expect(page).toHaveURL(/\/api\/payments\/testpay\/lcs_[a-f0-9]{32}$/);
    await expect(page.getByText(de('giftcards.testpay.badge'))).toBeVisible();
    await page.getByRole('button', { name: /zahlen$/ }).click();
    await expect(page).toHaveURL(/\/de\/frontpage\/giftcard\/purchaseconfirmation\//, { timeout: 30_000 });
    await expect(page.getByText(de('giftcards.confirmation.sentTo'))).toContainText(buyer);
    await expect.poll(() => readMails().filter((m) => m.to.includes(buyer)).length, { timeout: 30_000 }).toBe(2);
    const card = readMails().find((m) => m.to.includes(buyer) && m.text.includes('Code:'))!;
    expect(card.text).toMatch(/75\s€/);
  });

  test('a card the venue does not sell leads to "not available"; the payment error page uses the spec wording', async ({ page }) => {
    await page.goto('/en/frontpage/giftcard/no-such-card');
    await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/no-such-card\/notavalaible$/);
    await expect(page.getByRole('heading', { name: 'Gift card not available' })).toBeVisible();
    await expect(page.getByText('It is not possible to proceed with the purchase of the selected gift card.')).toBeVisible();
    await page.goto('/en/frontpage/giftcard/testpay/error/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('heading', { name: 'Error during payment' })).toBeVisible();
    await page.goto('/en/frontpage/giftcard/testpay/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('Payment not found.')).toBeVisible();
    await page.goto('/en/frontpage/giftcard/stripe/AAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('Payment not found.')).toBeVisible();
    await axe(page);
  });

  test('gift card pages and the lists are worth sharing: share image per language, OpenGraph and Twitter, canonical and hreflang (issue 26)', async ({ page, request }) => {
    const titles = { it: 'Buono regalo 50 €', en: '€50 gift card', fr: 'Carte cadeau de 50 €', es: 'Tarjeta regalo de 50 €', de: 'Gutschein über 50 €' };
    for (const [locale, title] of Object.entries(titles)) {
      const prefix = locale === 'it' ? '' : `/${locale}`;
      await page.goto(`${prefix}/frontpage/giftcard/buono-50`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
      await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${prefix}/frontpage/giftcard/buono-50$`));
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${prefix}/frontpage/giftcard/buono-50$`));
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(6);
      const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
      expect(image).toContain(`/api/og/giftcard/buono-50?locale=${locale}`);
      const png = await request.get(new URL(image).pathname + new URL(image).search);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      expect((await png.body()).length).toBeGreaterThan(5_000);
    }
    // Each language its own picture: the card's title and value are drawn in it.
    const [it, de] = await Promise.all(['it', 'de'].map(async (l) => (await request.get(`/api/og/giftcard/buono-50?locale=${l}`)).body()));
    expect(it.equals(de)).toBe(false);
    expect((await request.get('/api/og/giftcard/no-such-card?locale=en')).status()).toBe(404);

    for (const [path, kind] of [['/fr/frontpage/giftcards', 'giftcards'], ['/fr/frontpage/esperienze', 'experiences']]) {
      await page.goto(path);
      const image = (await page.locator('meta[property="og:image"]').getAttribute('content'))!;
      expect(image).toContain(`/api/og/list/${kind}?locale=fr`);
      const png = await request.get(new URL(image).pathname + new URL(image).search);
      expect(png.status()).toBe(200);
      expect(png.headers()['content-type']).toBe('image/png');
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /Trattoria Da Rosa - /);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    }
    expect((await request.get('/api/og/list/other?locale=en')).status()).toBe(404);
    // Each card's page is in the sitemap, in every language.
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const prefix of ['', '/en', '/fr', '/es', '/de']) expect(sitemap).toContain(`${prefix}/frontpage/giftcard/buono-50</loc>`);
  });
});
