import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { daysFromToday, messages, VENUE } from './helpers';

const it = messages('it');
const en = messages('en');

async function experienceHash(page: Page) {
  await page.goto('/frontpage/esperienze');
  const href = await page.locator('a[href^="/frontpage/esperienze/"]').first().getAttribute('href');
  return href!.split('/')[3];
}

/** Books a table for two on the first open day through the site's API; returns the booking's hash. */
async function bookTable(request: APIRequestContext): Promise<string> {
  for (let d = 1; d < 15; d++) {
    const day = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const { data } = await (await request.get(`/api/reservation/day?day=${day}&pax=2`)).json();
    const slot = data?.slots?.find((s: { available: boolean }) => s.available);
    if (!slot) continue;
    const zone = slot.zones.find((z: { available: boolean }) => z.available).key;
    const response = await request.post('/api/reservation', {
      data: { pax: 2, date: day, time: slot.time, zone, nome: 'Route', cognome: 'Check', email: `routes.${Date.now()}@example.com`, prefisso: '+39', telefono: '3331112233', privacy: true, recaptchaV3Token: 'local.v3.pass.e2etoken' },
    });
    return (await response.json()).data.hash;
  }
  throw new Error('no open day in the next two weeks');
}

test.describe('document shell', () => {
  test('head: title, language alternates, canonical, the venue header with its script', async ({ page }) => {
    await page.goto('/reserve');
    await expect(page).toHaveTitle(`${VENUE} - ${it('screens.reserve')}`);
    const alternates = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) => links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href')!).pathname]));
    expect(Object.fromEntries(alternates)).toEqual({
      it: '/reserve', en: '/en/reserve', fr: '/fr/reserve', es: '/es/reserve', de: '/de/reserve', 'x-default': '/reserve',
    });
    expect(new URL((await page.locator('link[rel="canonical"]').getAttribute('href'))!).pathname).toBe('/reserve');
    await expect(page.locator('head meta[name="venue-demo"]')).toHaveAttribute('content', 'trattoria');
    // The venue's customHeader script ran in the browser.
    await expect(page.locator('html')).toHaveAttribute('data-venue-header', 'ran');
    await expect(page.locator('body .venue-footer-note')).toContainText('Via dei Neri');
  });

  test('every route of the spec answers with its screen title, in Italian and English', async ({ page, request }) => {
    const hash = await experienceHash(page);
    // The routes of one booking need a real one: an unknown booking hash is a 404.
    const booking = await bookTable(request);
    // So does a promo code's page.
    const promo = await request.post('/api/promo/request', {
      data: { urlName: 'aperitivo-omaggio', nome: 'Shell', cognome: 'Test', email: `shell.${Date.now()}@example.com`, prefisso: '+39', telefono: `347${String(Date.now()).slice(-7)}`, privacy: true, marketing: true, language: 'it' },
    });
    expect(promo.status(), await promo.text()).toBe(200);
    const promoCode = (await promo.json()).id as string;
    const routes: [string, string][] = [
      ['/', 'home'],
      ['/frontpage/giftcards', 'giftcardList'],
      ['/frontpage/accessibility', 'accessibility'],
      ['/frontpage/giftcard', 'giftcardList'],
      ['/frontpage/giftcard/buono-50', 'giftcardDetails'],
      ['/frontpage/giftcard/1/notavalaible', 'giftcardNotAvailable'],
      ['/frontpage/giftcard/checkout', 'giftcardCheckout'],
      ['/frontpage/giftcard/checkout/1', 'giftcardCheckout'],
      ['/frontpage/giftcard/purchaseconfirmation', 'giftcardPurchaseConfirmation'],
      ['/frontpage/giftcard/create/fp1', 'giftcardCreate'],
      ['/frontpage/giftcard/create/error/fp1', 'giftcardCreateError'],
      ['/frontpage/giftcard/stripe/fp1', 'paymentRedirect'],
      ['/frontpage/giftcard/stripe/error/fp1', 'paymentError'],
      [`/a2fa/reserve/${booking}`, 'reserveSmsConfirmation'],
      ['/reserve', 'reserve'],
      ['/r', 'reserve'],
      ['/r/terrazza', 'reserve'],
      ['/reserve/confirm', 'reserveMessage'],
      [`/reserve/${booking}/edit`, 'reserveEdit'],
      [`/reserve/${booking}/cancel`, 'reserveCancel'],
      ['/reserve/suspended', 'reserveMessage'],
      ['/reserve/suspendedError', 'reserveMessage'],
      [`/reserve/${booking}/edit/confirm`, 'reserveEditConfirm'],
      [`/reserve/${booking}/edit/error`, 'reserveEditError'],
      ['/frontpage/esperienze', 'experienceBooking'],
      [`/frontpage/esperienze/${hash}`, 'experience'],
      [`/frontpage/esperienze/${hash}/reserve`, 'experienceReserve'],
      [`/frontpage/esperienze/${hash}/2/${daysFromToday(30)}`, 'experienceReserve'],
      ['/frontpage/esperienze/confirm', 'experienceMessage'],
      [`/frontpage/esperienze/${hash}/waitinglist`, 'experienceMessage'],
      ['/frontpage/promo/aperitivo-omaggio', 'promo'],
      ['/promo/aperitivo-omaggio', 'promo'],
      [`/promo/aperitivo-omaggio/${promoCode}`, 'promoCode'],
      [`/frontpage/promo/aperitivo-omaggio/${promoCode}`, 'promoCode'],
      ['/promo/aperitivo-omaggio/error', 'promoError'],
      ['/promo/aperitivo-omaggio/duplicate', 'promoDuplicate'],
      ['/frontpage/promo/aperitivo-omaggio/confirm', 'promoConfirm'],
      ['/promo/aperitivo-omaggio/disabled', 'promoDisabled'],
      ['/frontpage/fidelity', 'fidelity'],
      ['/frontpage/fidelity/error/alreadyRegistered', 'fidelityLanding'],
    ];
    for (const [locale, t] of [['it', it], ['en', en]] as const) {
      for (const [path, screen] of routes) {
        const url = locale === 'it' ? path : `/en${path === '/' ? '' : path}`;
        const response = await request.get(url);
        expect(response.status(), url).toBe(200);
        const html = await response.text();
        const title = /<title>([^<]*)<\/title>/.exec(html)?.[1].replace(/&#x27;/g, "'").replace(/&amp;/g, '&');
        expect(title, url).toBe(`${VENUE} - ${t(`screens.${screen}`)}`);
        // One <title> per page (issue 29).
        expect(html.match(/<title>/g)?.length, url).toBe(1);
        expect(html, url).toContain(`<html lang="${locale}"`);
      }
    }
  });

  test('a page not found below an existing route has one <title>, the not-found one (issue 29)', async ({ request }) => {
    const missing = 'AAAAAAAAAAAAAAAAAAAAAA';
    const paths = [
      '/en/no-such-page',
      `/en/frontpage/esperienze/${missing}`,
      `/en/frontpage/esperienze/${missing}/reserve`,
      `/en/frontpage/giftcard/card/${missing}`,
      '/en/frontpage/promo/no-such-promotion',
      '/en/promo/no-such-promotion',
      '/en/frontpage/promo/aperitivo-omaggio/a/b',
      '/en/reserve/no-such-outcome',
      '/en/frontpage/fidelity/no-such-page',
      '/en/r/no-such-module',
    ];
    for (const path of paths) {
      const html = await (await request.get(path)).text();
      const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles, path).toHaveLength(1);
      expect(titles[0], path).toContain(en('screens.notFound'));
    }
    // A guest's booking that does not exist (its own dynamic pages): a 404, and never the parent screen's title.
    for (const path of [`/en/reserve/${missing}/edit`, `/en/reserve/${missing}/cancel`, `/en/a2fa/reserve/${missing}`, `/en/frontpage/esperienze/prenotazione/${missing}/edit`]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const titles = [...(await response.text()).matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
      expect(titles.length, path).toBeLessThanOrEqual(1);
      expect(titles.every((t) => t.includes(en('screens.notFound'))), path).toBe(true);
    }
  });

  test("the venue's footer in the page's language, Italian where the venue gives none (issue 29)", async ({ request }) => {
    const footer = async (path: string) => /<p class="venue-footer-note">([^<]*)<\/p>/.exec(await (await request.get(path)).text())?.[1] ?? '';
    expect(await footer('/')).toContain('Firenze');
    expect(await footer('/en')).toContain('Florence');
    expect(await footer('/de')).toContain('Florenz');
  });

  test('/it/... redirects to the unprefixed Italian path', async ({ request }) => {
    const response = await request.get('/it/reserve', { maxRedirects: 0 });
    expect(response.status()).toBe(307);
    expect(new URL(response.headers().location, 'http://x').pathname).toBe('/reserve');
  });
});

test.describe('language switcher', () => {
  test('stores the choice in localStorage and a cookie, and it survives a reload', async ({ page }) => {
    await page.goto('/reserve');
    await page.getByLabel(it('shell.language')).selectOption('en');
    await page.waitForURL('**/en/reserve');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${VENUE} - ${en('screens.reserve')}`);
    expect(await page.evaluate(() => localStorage.getItem('frontpageLanguage'))).toBe('en');

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // An unprefixed address now opens in the stored language.
    await page.goto('/frontpage/fidelity');
    await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);

    await page.getByLabel(en('shell.language')).selectOption('it');
    await page.waitForURL((url) => url.pathname === '/frontpage/fidelity');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    expect(await page.evaluate(() => localStorage.getItem('frontpageLanguage'))).toBe('it');
  });

  test('a language kept only in localStorage is honoured', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('frontpageLanguage', 'de'));
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page).toHaveURL(/\/de$/);
  });

  test('any stored value other than the five languages falls back to Italian', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'frontpageLanguage', value: 'pt', url: baseURL! }]);
    await page.addInitScript(() => localStorage.setItem('frontpageLanguage', 'pt'));
    await page.goto('/reserve');
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page).toHaveURL(/\/reserve$/);
  });
});

test.describe('partner-source flag', () => {
  test('src=pc sets a one-day, strict same-site, http-only cookie; src=clear removes it', async ({ page, context }) => {
    await page.goto('/?src=pc');
    const cookie = (await context.cookies()).find((c) => c.name === 'frontpagePartner');
    expect(cookie).toMatchObject({ value: 'pc', sameSite: 'Strict', httpOnly: true, path: '/' });
    const hours = (cookie!.expires * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    await page.goto('/reserve');
    expect((await context.cookies()).some((c) => c.name === 'frontpagePartner')).toBe(true);
    await page.goto('/?src=clear');
    expect((await context.cookies()).some((c) => c.name === 'frontpagePartner')).toBe(false);
  });

  test('an answer that sets a cookie is never cacheable by a shared cache; the same page without one is (issue 27)', async ({ request }) => {
    for (const path of ['/?src=pc', '/en/frontpage/esperienze?src=pc', '/?src=clear', '/it/reserve']) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.headers()['set-cookie'], path).toBeTruthy();
      expect(response.headers()['cache-control'], path).toBe('private, no-store');
    }
    const plain = await request.get('/en/frontpage/esperienze');
    expect(plain.headers()['set-cookie']).toBeUndefined();
    expect(plain.headers()['cache-control']).toMatch(/s-maxage=\d+/);
  });
});

test.describe('not found', () => {
  test('offers the reservation form, in the guest language', async ({ page }) => {
    const response = await page.goto('/en/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: en('notFound.title') })).toBeVisible();
    await expect(page.getByText(en('notFound.text'))).toBeVisible();
    await page.getByRole('link', { name: en('notFound.reserve') }).click();
    await expect(page).toHaveURL(/\/en\/reserve$/);
    await expect(page).toHaveTitle(`${VENUE} - ${en('screens.reserve')}`);
  });
});

test.describe('accessibility', () => {
  test('the skip link is the first stop of the keyboard and moves focus to the content', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: it('shell.skipToContent') });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('every page links to the accessibility statement, which gives the venue\'s contact and the standard (issue 26)', async ({ page }) => {
    for (const path of ['/', '/en/reserve', '/fr/frontpage/giftcards', '/de/pagina-inesistente']) {
      await page.goto(path);
      await expect(page.locator('footer').getByRole('link', { name: /Accessibilit|Barrierefreiheit|Accesibilidad/ })).toHaveAttribute('href', /\/frontpage\/accessibility$/);
    }
    await page.goto('/en/frontpage/accessibility');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accessibility statement');
    await expect(page.locator('main')).toContainText('WCAG) 2.1 at level AA');
    await expect(page.locator('main')).toContainText('EN 301 549');
    await expect(page.getByRole('link', { name: /Phone: \+39 055 210 4387/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /E-mail: / })).toHaveAttribute('href', /^mailto:/);
  });

  for (const path of ['/', '/en/frontpage/esperienze', '/reserve/confirm', '/fr/frontpage/fidelity', '/de/pagina-inesistente', '/es/frontpage/accessibility']) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  }
});
