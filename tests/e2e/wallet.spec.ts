import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { fillBuyer, messages, readMails, uniqueEmail } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';
import { unzip } from '../helpers/zip';

const en = messages('en');

/**
 * Issue 47, as a new guest tries it on the demo venue: a gift card bought with the test card
 * offers both wallet badges on its page and in its e-mail; the Apple badge gives a `.pkpass`, the
 * Google one a "Save to Google Wallet" link; after a redemption at the till the pass served shows
 * the new balance.
 */
test('a gift card goes into the wallet, and the pass shows the balance after a redemption at the till', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = uniqueEmail('walletbuyer');
  await page.goto('/en/frontpage/giftcard/checkout/buono-50');
  await fillBuyer(page, buyer);
  await page.getByRole('checkbox', { name: en('giftcards.checkout.privacy') }).check();
  await page.getByRole('button', { name: en('giftcards.checkout.proceed') }).click();
  await expect(page).toHaveURL(/\/api\/payments\/testpay\/lcs_[a-f0-9]{32}$/);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/en\/frontpage\/giftcard\/purchaseconfirmation\//, { timeout: 30_000 });
  await expect.poll(() => readMails().filter((m) => m.to.includes(buyer) && m.text.includes('Code:')).length, { timeout: 30_000 }).toBe(1);
  const mail = readMails().find((m) => m.to.includes(buyer) && m.text.includes('Code:'))!;
  const code = /Code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text)![1];
  expect(mail.text).toMatch(/Add to Apple Wallet: http\S+\/api\/wallet\/apple\/giftcard\//);
  expect(mail.text).toMatch(/Add to Google Wallet: http\S+\/api\/wallet\/google\/giftcard\//);

  // The card's page: both badges, accessible.
  await page.goto(new URL(/Print the card: (http\S+)/.exec(mail.text)![1]).pathname);
  const apple = page.getByRole('link', { name: en('wallet.addToApple') });
  const google = page.getByRole('link', { name: en('wallet.addToGoogle') });
  await expect(apple).toBeVisible();
  await expect(google).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);

  const passOf = async () => {
    const response = await request.get((await apple.getAttribute('href'))!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzip(Buffer.from(await response.body()));
    expect([...files.keys()]).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature']));
    return JSON.parse(files.get('pass.json')!.toString()) as { storeCard: { primaryFields: { value: string }[]; headerFields: { value: string }[] } };
  };
  const before = await passOf();
  expect(before.storeCard.primaryFields[0].value).toMatch(/^€\s?50$/);
  expect(before.storeCard.headerFields[0].value).toBe('Test – no value');
  const save = await request.get((await google.getAttribute('href'))!, { maxRedirects: 0 });
  expect(save.status()).toBe(302);
  expect(save.headers().location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);

  // The till redeems €12.50 with the venue's credential (test money: the call says it is a test).
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: 'localhost' } });
  expect(minted.ok(), await minted.text()).toBe(true);
  const venueToken = ((await minted.json()) as { data: { token: string } }).data.token;
  const redeemed = await request.post('/backend/api/frontpage/giftcard/redeem', {
    headers: { authorization: `Bearer ${venueToken}`, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams({ code, amount: '1250', reference: `wallet-e2e-${Date.now()}`, test: '1' }).toString(),
  });
  expect(redeemed.status(), await redeemed.text()).toBe(200);
  const after = await passOf();
  expect(after.storeCard.primaryFields[0].value).toMatch(/^€\s?37\.50$/);
});
