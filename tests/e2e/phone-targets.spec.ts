import fs from 'node:fs';
import path from 'node:path';
import { createHmac, hkdfSync } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { contractCall, messages, firstWeekdayAfter } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_LINK_SECRET, siteUrl } from './servers';

/**
 * Issue 45 on a phone, in a real browser: targets of at least 24 px with the destructive one
 * apart (axe's target-size rule at 320 and 360 px on the reminder page, home and a form), and
 * nothing breaking mid-word at 320 px in the five languages (the promo dialog's Close, the
 * gift card's payment radios). On a venue of its own (targets.localhost) with a promotion on.
 */
const HOST = 'targets.localhost';
const origin = siteUrl('builtin', HOST);
const en = messages('en');
const LOCALES = ['it', 'en', 'fr', 'es', 'de'] as const;
const HOUR = 3_600_000;
const texts = (text: string) => ({ it: text, en: text, fr: text, es: text, de: text });
let venueId = 0;

/** The first Friday at least 9 days ahead (the fixture's dinner runs Tuesday to Sunday). */
const bookingDay = firstWeekdayAfter(9, 5);
const contract = (request: APIRequestContext, call: string, values: Record<string, string>) => contractCall(request, HOST, call, values);

let serial = 0;
async function book(request: APIRequestContext) {
  const n = ++serial;
  const body = await contract(request, 'reservation/create', {
    pax: '2', date: bookingDay, time: '20:00', zone: 'sala', nome: `Target${n}`, cognome: 'Phone', email: `targets-${n}-${Date.now()}@example.com`,
    prefisso: '+44', telefono: '07911 123459', privacy: '1', marketing: '0', language: 'en', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${120 + n}`,
  });
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data.hash as string;
}

/** The reminder link the sweep e-mails the day before (as tests/e2e/front-links.spec.ts makes it). */
function reminderLink(locale: string, hash: string, action: 'coming' | 'cancel') {
  const key = Buffer.from(hkdfSync('sha256', E2E_LINK_SECRET, 'frontpage-link-keys', 'link:booking-reminder', 32));
  const s = createHmac('sha256', key).update(['booking-reminder', venueId, hash, 0].join('\u0000')).digest('base64url').slice(0, 32);
  return `${origin}/${locale}/frontpage/reminder/${hash}?a=${action}&v=0&s=${s}`;
}

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const promotion = {
    urlName: 'mobile', title: texts('Dessert offered'), description: texts('A dessert with every dinner.'),
    startsAt: new Date(Date.now() - 24 * HOUR).toISOString(), endsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
    validUntil: new Date(Date.now() + 240 * HOUR).toISOString().slice(0, 10), quantity: 50, active: true,
  };
  const venue = {
    ...file, slug: 'targets-e2e', name: 'Osteria dei Bersagli', hosts: [HOST], default: false, promotions: [promotion],
    booking: { ...file.booking, autoConfirmMaxCovers: 8, smsConfirmation: { mode: 'never', covers: 0 } },
  };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  venueId = ((await imported.json()) as { data: { venueId: number } }).data.venueId;
});

async function targetSize(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  expect(results.violations.flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} ${n.target.join(' ')}`))).toEqual([]);
}

/** Words broken across two lines inside buttons, labels, legends, summaries and headings: each word must lie on one line. */
async function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    for (const el of document.querySelectorAll('button, .button, label, legend, summary, h1, h2, h3')) {
      if (!visible(el) || el.closest('.visually-hidden')) continue;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index!);
          range.setEnd(node, m.index! + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(`${el.tagName.toLowerCase()} "${m[0]}"`);
        }
      }
    }
    return out;
  });
}

test.describe('targets of at least 24 px, the destructive one apart (issue 45)', () => {
  test.describe.configure({ timeout: 120_000 });

  for (const width of [320, 360]) {
    test(`reminder page, home and a form at ${width} px pass axe's target-size rule`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const hash = await book(request);
      await page.goto(reminderLink('en', hash, 'coming'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('reminders.page.title'));
      await targetSize(page, 'reminder');
      // Opened from the e-mail's Cancel link: the confirmation is open, and still a target of its own.
      await page.goto(reminderLink('en', hash, 'cancel'));
      await expect(page.getByRole('button', { name: en('reminders.page.cancelConfirm') })).toBeVisible();
      await targetSize(page, 'reminder (cancel)');
      for (const [where, url] of [['home', `${origin}/en`], ['loyalty form', `${origin}/en/frontpage/fidelity`]]) {
        await page.goto(url);
        await page.waitForLoadState('load');
        await targetSize(page, where);
        // Beyond axe (which lets a small target pass when nothing is near it): the boxes and the footer's links are 24 px themselves.
        for (const box of await page.locator('input[type="checkbox"], .site-footer a').all()) {
          if (!(await box.isVisible())) continue;
          const b = (await box.boundingBox())!;
          expect(Math.min(b.width, b.height), `${where}: ${await box.evaluate((e) => e.outerHTML.slice(0, 80))}`).toBeGreaterThanOrEqual(24);
        }
      }
    });
  }

  test('on the reminder page, "Manage your booking" is a proper target, the cancel is apart and asks again', async ({ page, request }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    const hash = await book(request);
    await page.goto(reminderLink('en', hash, 'coming'));
    const manage = page.getByRole('link', { name: en('reminders.page.manage') });
    const manageBox = (await manage.boundingBox())!;
    expect(manageBox.height).toBeGreaterThanOrEqual(44);
    // One tap on "Cancel the booking" only opens the question; nothing is cancelled.
    const cancel = page.locator('summary', { hasText: en('reminders.page.cancel') });
    const cancelBox = (await cancel.boundingBox())!;
    expect(cancelBox.y - (manageBox.y + manageBox.height)).toBeGreaterThanOrEqual(24);
    await expect(page.getByRole('button', { name: en('reminders.page.cancelConfirm') })).toBeHidden();
    await cancel.click();
    expect((await contract(request, 'reservation/get', { hash })).data.status).toBe('confirmed');
    await page.getByRole('button', { name: en('reminders.page.cancelConfirm') }).click();
    await expect(page.getByTestId('reminder-state')).toHaveText(en('reminders.page.cancelledDone'));
    expect((await contract(request, 'reservation/get', { hash })).data.status).toBe('cancelled');
  });
});

test.describe('nothing breaks mid-word at 320 px, in the five languages (issue 45)', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const locale of LOCALES) {
    test(`${locale}: the promo dialog, the gift card checkout, the reminder page`, async ({ page, request }) => {
      const t = messages(locale);
      await page.setViewportSize({ width: 320, height: 800 });
      await page.goto(`${origin}/${locale}/promo/mobile`);
      await page.getByRole('button', { name: t('promo.download') }).click();
      const dialog = page.getByRole('dialog', { name: t('promo.formTitle') });
      await expect(dialog).toBeVisible();
      const close = dialog.getByRole('button', { name: t('promo.close') });
      // "Close" on one line, whole ("Clos/e", "Schlie/ßen" were the slips).
      const closeBox = (await close.boundingBox())!;
      expect(closeBox.height).toBeLessThan(56);
      expect(await brokenWords(page)).toEqual([]);

      await page.goto(`${siteUrl('builtin')}/${locale}/frontpage/giftcard/checkout/buono-libero`);
      const wallet = page.locator('input[type="radio"][value="wallet"]');
      await expect(wallet).toBeVisible();
      // The wallet option's label beside its radio, never under it.
      const radio = (await wallet.boundingBox())!;
      const label = (await page.locator(`label[for="${await wallet.getAttribute('id')}"]`).boundingBox())!;
      expect(label.x).toBeGreaterThanOrEqual(radio.x + radio.width);
      expect(label.y).toBeLessThan(radio.y + radio.height);
      expect(await brokenWords(page)).toEqual([]);

      const hash = await book(request);
      await page.goto(reminderLink(locale, hash, 'cancel'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('reminders.page.title'));
      expect(await brokenWords(page)).toEqual([]);
    });
  }

  test('the promo form says what happens after the tap; the unsubscribe page is titled for what it stops', async ({ page }) => {
    await page.goto(`${origin}/en/promo/mobile`);
    await page.getByRole('button', { name: en('promo.download') }).click();
    await expect(page.getByRole('dialog').getByText(en('promo.formIntro'))).toBeVisible();
    expect(en('promo.formIntro')).toContain('next page');
    await page.goto(`${origin}/en/frontpage/fidelity/unsubscribe?t=nothing`);
    await expect(page).toHaveTitle(`Osteria dei Bersagli - ${en('screens.unsubscribe')}`);
    expect(en('screens.unsubscribe')).toBe('Offers and news');
  });
});

test('the prefix list has one option per country in the page language, the venue country marked (issue 45)', async ({ page }) => {
  await page.goto(`${origin}/en/frontpage/fidelity`);
  const select = page.locator('select[name="prefisso"]');
  await expect(select).toBeVisible();
  const labels = await select.locator('option').allTextContents();
  for (const label of ['United States (+1)', 'Canada (+1)', 'United Kingdom (+44)', 'Russia (+7)', 'Kazakhstan (+7)', 'Vatican City (+39)']) expect(labels).toContain(label);
  expect(labels.indexOf('United Kingdom (+44)')).toBeLessThan(labels.indexOf('United States (+1)'));
  // Italy, the venue's country, not the Vatican that shares +39; Canada stays Canada once chosen.
  await expect.poll(() => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent)).toBe('Italy (+39)');
  await select.selectOption({ label: 'Canada (+1)' });
  // Its option is one of a kind (`+1|CA`); the form sends +1 (tests/unit/phone-field.test.tsx).
  expect(await select.evaluate((s: HTMLSelectElement) => [s.value, s.selectedOptions[0]?.textContent])).toEqual(['+1|CA', 'Canada (+1)']);

  // Signed up with the Canadian number: the form sends +1 (the contract's `prefisso`), and the server accepts it.
  await page.getByLabel(en('forms.labels.firstName'), { exact: false }).first().fill('Claire');
  await page.getByLabel(en('forms.labels.lastName'), { exact: false }).fill('Tremblay');
  await page.getByLabel(en('forms.labels.email'), { exact: false }).fill(`claire.${Date.now()}@example.com`);
  await page.locator('input[name="telefono"]').fill('416 555 0123');
  await page.locator('select[name="compleannoGiorno"]').selectOption('21');
  await page.locator('select[name="compleannoMese"]').selectOption('6');
  await page.locator('input[name="privacy"]').check();
  await page.locator('input[name="marketing"]').check();
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/fidelity') && r.method() === 'POST');
  await page.getByRole('button', { name: en('fidelity.submit') }).click();
  expect(JSON.parse((await sent).postData() ?? '{}')).toMatchObject({ prefisso: '+1', telefono: '416 555 0123' });
  await page.waitForURL('**/frontpage/fidelity/success');
});
