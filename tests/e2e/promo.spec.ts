import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { messages, readMails, uniqueEmail } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Promotions end to end (issue 16) on the built-in site, on a venue of their own
 * (promo.localhost) whose promotions sit in each state, counted from the time the walk runs.
 */
const HOST = 'promo.localhost';
const origin = siteUrl('builtin', HOST);
const en = messages('en');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();
const day = (days: number) => new Date(Date.now() + days * 24 * HOUR).toISOString().slice(0, 10);
const formatDay = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const texts = (en: string) => ({ it: en, en, fr: en, es: en, de: en });

const promotion = (urlName: string, values: Record<string, unknown>) => ({
  urlName,
  title: texts(`Promo ${urlName}`),
  description: texts(`A free dessert with every dinner (${urlName}).`),
  startsAt: at(-24 * HOUR),
  endsAt: at(3 * 24 * HOUR + 5 * HOUR),
  validUntil: day(10),
  quantity: 50,
  active: true,
  ...values,
});
const PROMOS = {
  active: promotion('attiva', {}),
  last: promotion('ultima', { quantity: 1 }),
  inactive: promotion('futura', { startsAt: at(2 * 24 * HOUR), endsAt: at(5 * 24 * HOUR) }),
  ended: promotion('finita', { startsAt: at(-5 * 24 * HOUR), endsAt: at(-HOUR) }),
  expired: promotion('scaduta', { startsAt: at(-20 * 24 * HOUR), endsAt: at(-10 * 24 * HOUR), validUntil: day(-3) }),
  disabled: promotion('spenta', { active: false }),
};

/** The venue credential of promo.localhost, made as `npm run venue:token -- promo.localhost` does through a running site. */
let staffToken = '';

let phoneNo = 0;
const phone = () => `347 ${String(Date.now() % 1000).padStart(3, '0')} ${String((Date.now() + ++phoneNo * 7919) % 10000).padStart(4, '0')}`;

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = { ...file, slug: 'promo-e2e', name: 'Osteria Promo', hosts: [HOST], default: false, promotions: Object.values(PROMOS) };
  const response = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(response.ok(), await response.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  staffToken = ((await minted.json()) as { data: { token: string } }).data.token;
});

/** A POST from the page itself (Node cannot resolve *.localhost; the browser can), with the page's cookies. */
async function post(page: Page, pathname: string, data: unknown): Promise<{ status: number; body: Record<string, unknown> | null }> {
  return page.evaluate(
    async ([p, d]) => {
      const r = await fetch(p as string, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(d) });
      return { status: r.status, body: await r.json().catch(() => null) };
    },
    [pathname, data],
  );
}

async function openForm(page: Page, urlName: string) {
  await page.goto(`${origin}/en/promo/${urlName}`);
  await page.getByRole('button', { name: en('promo.download') }).click();
  const dialog = page.getByRole('dialog', { name: en('promo.formTitle') });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function fillForm(page: Page, email: string, tel = phone()) {
  const dialog = page.getByRole('dialog', { name: en('promo.formTitle') });
  await dialog.locator('input[name="nome"]').fill('Lucia');
  await dialog.locator('input[name="cognome"]').fill('Neri');
  await dialog.locator('input[name="email"]').fill(email);
  await dialog.locator('select[name="prefisso"]').selectOption('+39');
  await dialog.locator('input[name="telefono"]').fill(tel);
  await dialog.locator('input[name="privacy"]').check();
  await dialog.locator('input[name="marketing"]').check();
  return dialog;
}

test.describe('promotion page states', () => {
  test('active: a countdown synced to the server, the remaining count, valid until, the download modal; no axe violations', async ({ page }) => {
    // The device's clock is two days fast: the countdown still counts to the real end.
    await page.clock.install({ time: new Date(Date.now() + 2 * 24 * HOUR) });
    await page.goto(`${origin}/en/promo/attiva`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Promo attiva');
    // The form's phone prefixes are fetched with the form, not sent in the page (issue 43).
    expect(await page.content()).not.toContain('Afghanistan');
    await expect(page.getByText(en('promo.validUntil').replace('{date}', formatDay(PROMOS.active.validUntil)))).toBeVisible();
    const timer = page.getByRole('timer');
    await expect(timer).toContainText(en('promo.endsIn'));
    // 3 days and 5 hours from the import, minus the seconds the walk took.
    await expect(timer.locator('[data-unit="days"]')).toHaveText('3');
    await expect(timer.locator('[data-unit="hours"]')).toHaveText(/^0[45]$/);
    await expect(page.getByText('Only 50 promotions available!')).toBeVisible();
    // The live region does not speak each second: it is not the timer, and starts empty.
    await expect(page.locator('[aria-live="polite"]')).toHaveText('');
    await expect(timer).toHaveAttribute('aria-live', 'off');
    const seconds = await timer.locator('[data-unit="seconds"]').textContent();
    await expect(timer.locator('[data-unit="seconds"]')).not.toHaveText(seconds!, { timeout: 3000 });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Social previews: OpenGraph and Twitter cards with the image, JSON-LD Offer with its dates.
    const ogImage = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(ogImage).toContain('/api/promo/og?urlName=attiva&lang=en');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const imageType = await page.evaluate(async (u) => (await fetch(u)).headers.get('content-type'), `${new URL(ogImage!).pathname}${new URL(ogImage!).search}`);
    expect(imageType).toBe('image/png');
    const offer = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(offer).toMatchObject({ '@context': 'https://schema.org', '@type': 'Offer', name: 'Promo attiva' });
    expect(Date.parse(offer.availabilityEnds)).toBe(Date.parse(PROMOS.active.endsAt));
    expect(Date.parse(offer.validThrough)).toBeGreaterThan(Date.parse(PROMOS.active.endsAt));

    await page.getByRole('button', { name: en('promo.download') }).click();
    const dialog = page.getByRole('dialog', { name: en('promo.formTitle') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: en('promo.submit') }).click();
    for (const key of ['nameRequired', 'surnameRequired', 'emailRequired', 'phoneRequired', 'privacyRequired']) {
      await expect(dialog.locator('.field__error', { hasText: new RegExp(`^${en(`forms.errors.${key}`)}$`) })).toBeVisible();
    }
    await expect(dialog.locator('.field__error', { hasText: en('promo.marketingRequired') })).toBeVisible();
    await expect(dialog.locator('input[name="nome"]')).toBeFocused();
    expect((await new AxeBuilder({ page }).include('dialog').analyze()).violations).toEqual([]);
  });

  const states = [
    ['inactive', PROMOS.inactive.urlName, 'promo.states.inactiveTitle', 'It starts on'],
    ['terminated (ended)', PROMOS.ended.urlName, 'promo.states.terminatedTitle', formatDay(PROMOS.ended.validUntil)],
    ['expired', PROMOS.expired.urlName, 'promo.states.expiredTitle', formatDay(PROMOS.expired.validUntil)],
    ['disabled', PROMOS.disabled.urlName, 'promo.disabledTitle', en('promo.states.disabledText')],
  ] as const;
  for (const [name, urlName, titleKey, detail] of states) {
    test(`${name}: its own message, no countdown and no download`, async ({ page }) => {
      await page.goto(`${origin}/en/frontpage/promo/${urlName}`);
      const status = page.locator('.promo-state');
      await expect(status.getByRole('heading')).toHaveText(en(titleKey));
      await expect(status).toContainText(detail);
      await expect(page.getByRole('timer')).toHaveCount(0);
      await expect(page.getByRole('button', { name: en('promo.download') })).toHaveCount(0);
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    });
  }

  test('an unknown promotion is the 404 page', async ({ page }) => {
    expect((await page.goto(`${origin}/en/promo/no-such-promo`))!.status()).toBe(404);
  });

  test('the same states in Italian', async ({ page }) => {
    const it = messages('it');
    await page.goto(`${origin}/promo/${PROMOS.expired.urlName}`);
    await expect(page.locator('.promo-state').getByRole('heading')).toHaveText(it('promo.states.expiredTitle'));
    await page.goto(`${origin}/promo/${PROMOS.active.urlName}`);
    // The count itself may have moved: another test of this file takes codes of this promotion.
    await expect(page.locator('.promo-count')).toHaveText(/^Solo \d+ promozion[ei] disponibil[ei]!$/);
  });
});

test.describe('requesting and redeeming a code', () => {
  test('request → confirm → code page with its QR code → staff sign in → redeem once', async ({ page, browser }) => {
    const email = uniqueEmail('promo');
    const dialog = await openForm(page, PROMOS.active.urlName);
    await fillForm(page, email);
    await dialog.getByRole('button', { name: en('promo.submit') }).click();
    await page.waitForURL(/\/en\/frontpage\/promo\/attiva\/confirm\?id=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('promo.confirmTitle'));
    await page.getByRole('link', { name: en('promo.viewCode') }).click();
    await page.waitForURL(/\/en\/frontpage\/promo\/attiva\/[A-Za-z0-9_-]{22}$/);
    const id = page.url().split('/').pop()!;
    expect(Buffer.from(id, 'base64url')).toHaveLength(16);

    const code = (await page.getByTestId('promo-code').textContent())!;
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await expect(page.locator('.promo-card__facts')).toContainText(en('promo.code.statusRequested'));
    await expect(page.locator('.promo-card__facts')).toContainText(en('promo.code.notUsed'));
    await expect(page.locator('.promo-card__facts')).toContainText(formatDay(PROMOS.active.validUntil));
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // "Scan" the QR code: the SVG on the page is the QR code of the signed redemption link.
    const qr = page.getByRole('img', { name: en('promo.code.qrLabel') });
    const link = (await qr.getAttribute('data-qr'))!;
    expect(link).toMatch(new RegExp(`/frontpage/promo/attiva/${id}/redeem\\?s=[\\w-]{32}$`));
    // The modules of the QR code (its dark path) are those of the link's QR code.
    const modules = (svg: string) => /<path stroke="#000000" d="([^"]+)"/.exec(svg)?.[1];
    const expected = modules(await QRCode.toString(link, { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } }));
    expect(expected).toBeTruthy();
    expect(modules(await qr.innerHTML())).toBe(expected);
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(200);

    // The guest also has the code by e-mail, with the link to its page.
    await expect.poll(() => readMails().find((m) => m.to === email)?.text ?? '').toContain(code);
    expect(readMails().find((m) => m.to === email)!.text).toContain(`/en/frontpage/promo/attiva/${id}`);

    // Staff open the link on their own device (the link has no language: Italian here): the token first, then the redemption.
    const it = messages('it');
    const staff = await browser.newPage();
    const redeemUrl = `${origin}${new URL(link).pathname}${new URL(link).search}`;
    await staff.goto(redeemUrl);
    await staff.getByLabel(it('promo.staff.tokenLabel')).fill('wrong-token');
    await staff.getByRole('button', { name: it('promo.staff.signIn') }).click();
    await expect(staff.locator('main').getByRole('alert')).toHaveText(it('promo.staff.wrongToken'));
    await staff.getByLabel(it('promo.staff.tokenLabel')).fill(staffToken);
    await staff.getByRole('button', { name: it('promo.staff.signIn') }).click();
    await expect(staff.getByTestId('promo-code')).toHaveText(code);
    await expect(staff.locator('.promo-card__facts')).toContainText('Lucia Neri');
    await staff.getByRole('button', { name: it('promo.staff.markUsed') }).click();
    await expect(staff.locator('main').getByRole('status')).toContainText(it('promo.staff.used').split('{time}')[0]);

    // A second redemption is refused with the first one's time.
    const again = await post(staff, '/api/promo/redeem', { id, s: new URL(link).searchParams.get('s') });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ result: 'alreadyUsed', usedAt: expect.any(String) });
    await staff.reload();
    await expect(staff.locator('.promo-card__facts')).toContainText(it('promo.code.statusUsed'));
    // Opened again, the link says the code was used, and when; there is nothing to press.
    await expect(staff.locator('main').getByRole('status')).toContainText(it('promo.staff.alreadyUsed').split('{time}')[0]);
    await expect(staff.getByRole('button', { name: it('promo.staff.markUsed') })).toHaveCount(0);
    // A link whose signature is not the site's is refused, signed in or not.
    await staff.goto(redeemUrl.replace(/s=.*/, 's=forged'));
    await expect(staff.locator('main').getByRole('alert')).toHaveText(it('promo.staff.badLink'));
    // The staff cookie holds only the session's random id, HttpOnly and SameSite=Strict.
    const session = (await staff.context().cookies()).find((c) => c.name === 'frontpage-staff')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // "Sign out this device": the server forgets the session, so a copy of the cookie opens nothing either.
    expect(await staff.evaluate(async () => (await fetch('/api/staff/session', { method: 'DELETE' })).status)).toBe(200);
    await staff.context().addCookies([session]);
    expect((await post(staff, '/api/promo/redeem', { id, s: new URL(link).searchParams.get('s') })).status).toBe(401);
    await staff.close();

    await page.reload();
    await expect(page.locator('.promo-card__facts')).toContainText(en('promo.code.statusUsed'));
    await expect(page.locator('.promo-card__facts')).not.toContainText(en('promo.code.notUsed'));

    // The same guest cannot have a second code: the duplicate page.
    const second = await openForm(page, PROMOS.active.urlName);
    await fillForm(page, email.toUpperCase());
    await second.getByRole('button', { name: en('promo.submit') }).click();
    await page.waitForURL(/\/en\/frontpage\/promo\/attiva\/duplicate$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('promo.duplicateTitle'));
    await expect(page.getByText(en('promo.duplicateText'))).toBeVisible();
  });

  test('the duplicate page sends the code again, to the address it was issued to', async ({ page }) => {
    const email = uniqueEmail('again');
    await page.goto(`${origin}/en/promo/${PROMOS.active.urlName}`);
    const first = await post(page, '/api/promo/request', {
      urlName: PROMOS.active.urlName, nome: 'Anna', cognome: 'Ancora', email, prefisso: '+39', telefono: phone(), privacy: true, marketing: true, language: 'en',
    });
    expect(first.status).toBe(200);
    await expect.poll(() => readMails().filter((m) => m.to === email).length).toBe(1);
    // The same address again: the duplicate page, with the address it was typed with filled in.
    const dialog = await openForm(page, PROMOS.active.urlName);
    await fillForm(page, email.toUpperCase());
    await dialog.getByRole('button', { name: en('promo.submit') }).click();
    await page.waitForURL(/\/en\/frontpage\/promo\/attiva\/duplicate$/);
    await expect(page.getByLabel(en('promo.resend.email'))).toHaveValue(email.toUpperCase());
    await page.getByRole('button', { name: en('promo.resend.button') }).click();
    // The panel is a status region too: the sentence itself is the inner one.
    await expect(page.locator('p[role="status"]')).toHaveText(en('promo.resend.sent').replace('{email}', email.toUpperCase()));
    await expect.poll(() => readMails().filter((m) => m.to === email).length).toBe(2);
    // The same code, in the same e-mail.
    const [once, again] = readMails().filter((m) => m.to === email);
    expect(again.text).toBe(once.text);
  });

  test('terminated: the last code goes to someone else while the form is open; the page then says so', async ({ page }) => {
    const dialog = await openForm(page, PROMOS.last.urlName);
    await fillForm(page, uniqueEmail('late'));
    const taken = await post(page, '/api/promo/request', {
      urlName: PROMOS.last.urlName, nome: 'Primo', cognome: 'Arrivato', email: uniqueEmail('first'), prefisso: '+39', telefono: phone(), privacy: true, marketing: true, language: 'en',
    });
    expect(taken.status).toBe(200);
    await dialog.getByRole('button', { name: en('promo.submit') }).click();
    await expect(page.locator('.promo-state').getByRole('heading')).toHaveText(en('promo.states.terminatedTitle'));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: en('promo.download') })).toHaveCount(0);
    // A new visitor gets the cached page, whose live state says the same.
    const fresh = await page.context().newPage();
    await fresh.goto(`${origin}/en/promo/${PROMOS.last.urlName}`);
    await expect(fresh.locator('.promo-state').getByRole('heading')).toHaveText(en('promo.states.terminatedTitle'));
  });

  test('the outcome pages under both prefixes', async ({ page }) => {
    for (const prefix of ['/en/promo', '/en/frontpage/promo']) {
      await page.goto(`${origin}${prefix}/attiva/error`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('promo.errorTitle'));
      await page.goto(`${origin}${prefix}/attiva/disabled`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('promo.disabledTitle'));
      await page.goto(`${origin}${prefix}/attiva/duplicate`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('promo.duplicateTitle'));
    }
    // A request for a disabled promotion lands on its page.
    const response = await post(page, '/api/promo/request', {
      urlName: PROMOS.disabled.urlName, nome: 'A', cognome: 'B', email: uniqueEmail('off'), prefisso: '+39', telefono: phone(), privacy: true, marketing: true, language: 'en',
    });
    expect(response).toEqual({ status: 403, body: { outcome: 'disabled' } });
  });
});
