import { expect, test } from '@playwright/test';
import { axe, chooseTable, en, fillDetails, smsCode } from './booking-steps';

// The PostgreSQL site: Stripe keys set (against a local stand-in for its API), SMS codes that expire after 5 seconds.
test.describe('Stripe guarantee and SMS expiry (PostgreSQL site)', () => {
  test('the guarantee step creates a SetupIntent, and says so when Stripe.js cannot load', async ({ page }) => {
    await page.route('https://js.stripe.com/**', (route) => route.abort());
    await chooseTable(page, 5, null, /^20:00|^20:30|^21:00/);
    await fillDetails(page, `38${Date.now().toString().slice(-8)}`, `stripe.${Date.now()}@example.com`);
    await expect(page.getByRole('heading', { name: en('reserve.guarantee.title') })).toBeVisible();
    await expect(page.getByText(en('reserve.guarantee.accept'))).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: en('reserve.guarantee.initError') })).toBeVisible();
    await expect(page.getByText(en('reserve.guarantee.testMode'))).toHaveCount(0);
    await axe(page);
  });

  test('an expired SMS code ends on "Error during reservation confirmation"', async ({ page }) => {
    const phone = `39${Date.now().toString().slice(-8)}`;
    await chooseTable(page, 7, null, /^13:00/, 1);
    await fillDetails(page, phone, `late.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL(/\/en\/a2fa\/reserve\//);
    const code = await smsCode(phone, 'postgres');
    await page.waitForTimeout(6_000);
    await page.getByLabel(en('reserve.sms.code')).fill(code);
    await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
    await page.waitForURL('**/en/reserve/suspendedError');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.suspendedErrorTitle') })).toBeVisible();
  });
});
