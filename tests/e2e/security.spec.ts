import { expect, test, type Page } from '@playwright/test';
import { chooseTable, en, fillDetails, giveCard } from './booking-steps';

/** A 429 as the site answers it past a limit (server/limits/index.ts). */
const refuse = (page: Page, url: string) =>
  page.route(url, (route) =>
    route.fulfill({ status: 429, headers: { 'retry-after': '600' }, contentType: 'application/json', body: JSON.stringify({ error: 'rateLimited', limit: 'test', retryAfter: 600 }) }),
  );

test.describe('security headers', () => {
  test('every answer carries nosniff, Referrer-Policy, Permissions-Policy and the CSP; pages stay cacheable', async ({ request }) => {
    const page = await request.get('/en');
    const asset = (await page.text()).match(/\/_next\/static\/[^"']+\.js/)?.[0];
    expect(asset).toBeTruthy();
    for (const response of [page, await request.get('/api/health'), await request.get(asset!), await request.post('/api/fidelity/lookup', { data: {} })]) {
      const headers = response.headers();
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['content-security-policy']).toBe("object-src 'none'; base-uri 'self'; frame-ancestors 'self'");
      // The script policy is report-only: a venue's header script from another host is reported, not broken.
      expect(headers['content-security-policy-report-only']).toContain("script-src 'self' 'unsafe-inline' https://js.stripe.com");
      expect(headers['content-security-policy-report-only']).toContain('https://www.google.com/recaptcha/');
      // Plain http here: no HSTS.
      expect(headers['strict-transport-security']).toBeUndefined();
    }
    // No per-request nonce: the venue's pages are still served from cache.
    expect(page.headers()['cache-control']).toMatch(/s-maxage=/);
    // Over https (a TLS proxy in front says so), HSTS.
    expect((await request.get('/api/health', { headers: { 'x-forwarded-proto': 'https' } })).headers()['strict-transport-security']).toBe('max-age=31536000');
    // The report endpoint takes what browsers send.
    const report = await request.post('/api/csp-report', { headers: { 'content-type': 'application/csp-report' }, data: JSON.stringify({ 'csp-report': { 'blocked-uri': 'https://evil.example/x.js', 'violated-directive': 'script-src' } }) });
    expect(report.status()).toBe(204);
  });
});

test.describe('a call refused by a limit says so, in words, on its page', () => {
  test('the card guarantee, the card, the booking and the new SMS code', async ({ page }) => {
    const phone = `36${Date.now().toString().slice(-8)}`;
    const message = page.getByText(en('limits.tooManyRequests'));
    await chooseTable(page, 6, 6, /^20:30/, 1);

    // The guarantee's card set-up refused: the guest stays on the details, told to wait.
    await refuse(page, '**/api/reservation/guarantee');
    await fillDetails(page, phone, `limits.${Date.now()}@example.com`);
    await expect(message).toBeVisible();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
    await page.unroute('**/api/reservation/guarantee');
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();

    // The card refused.
    await expect(page.getByRole('heading', { name: en('reserve.guarantee.title') })).toBeVisible();
    await page.getByLabel(en('reserve.guarantee.accept')).check();
    await refuse(page, '**/api/reservation/card');
    await giveCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('alert').filter({ hasText: en('limits.tooManyRequests') })).toBeVisible();
    await page.unroute('**/api/reservation/card');
    await giveCard(page, '4242 4242 4242 4242');

    // The booking refused.
    await expect(page.getByText(en('reserve.summary.footer'))).toBeVisible();
    await refuse(page, '**/api/reservation');
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await expect(message).toBeVisible();
    await page.unroute('**/api/reservation');
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();

    // A new SMS code refused.
    await page.waitForURL(/\/en\/a2fa\/reserve\//);
    await refuse(page, '**/api/reservation/code/resend');
    await page.getByRole('button', { name: en('reserve.sms.resend') }).click();
    await expect(page.getByRole('alert').filter({ hasText: en('limits.tooManyRequests') })).toBeVisible();
  });
});
