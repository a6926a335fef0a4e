import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages } from './helpers';

const en = messages('en');
const outbox = path.join(__dirname, '../../.tmp/e2e/builtin/outbox');
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** The latest SMS code sent to a number, read from the local SMS outbox (`.sms` files). */
async function smsCode(phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.sms')).sort() : [];
      const mine = files.map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')).filter((m) => m.startsWith(`To: +39${phone}`));
      code = /\b(\d{6})\b/.exec(mine.at(-1) ?? '')?.[1] ?? '';
      return code;
    }, { timeout: 20_000 })
    .not.toBe('');
  return code;
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/** Walks the wizard to the details step: party size, the n-th date that is a given weekday (ISO), a dinner time. */
async function chooseTable(page: Page, pax: number, weekday: number | null, time: RegExp, nth = 0) {
  await page.goto(`/en/reserve?pax=${pax}`);
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list).toBeVisible();
  let dates: string[] = [];
  for (let month = 0; month < 3 && dates.length <= nth; month++) {
    const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
    dates = [...dates, ...values.filter((d) => weekday === null || (new Date(`${d}T12:00:00Z`).getUTCDay() || 7) === weekday)];
    if (dates.length <= nth) {
      await page.getByRole('button', { name: en('reserve.date.next') }).click();
      // Wait for the next month's dates before reading them.
      await expect(list.locator('option').nth(1)).not.toHaveAttribute('value', values[0] ?? '');
    }
  }
  const date = dates[nth];
  await list.selectOption(date);
  await page.getByRole('button', { name: time }).first().click();
  await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
  await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
  return date;
}

async function fillDetails(page: Page, phone: string, email: string) {
  await page.locator('input[name="nome"]').fill('Giulia');
  await page.locator('input[name="cognome"]').fill('Neri');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="telefono"]').fill(phone);
  await page.locator('input[name="privacy"]').check();
  await page.getByRole('button', { name: en('reserve.details.continue') }).click();
}

async function giveCard(page: Page, number: string) {
  await page.getByLabel(en('reserve.guarantee.cardNumber')).fill(number);
  await page.getByLabel(en('reserve.guarantee.expiry')).fill('12/30');
  await page.getByLabel(en('reserve.guarantee.cvc')).fill('123');
  await page.getByRole('button', { name: en('reserve.guarantee.save') }).click();
}

test.describe('reservations you can trust', () => {
  test('a party of 6 for Saturday dinner: card guarantee, SMS code, then moved and cancelled', async ({ page }) => {
    const phone = `33${Date.now().toString().slice(-8)}`;
    const email = `six.${Date.now()}@example.com`;
    const saturday = await chooseTable(page, 6, 6, /^20:00/);
    await fillDetails(page, phone, email);

    // Step 8: the policy and the fee in the spec's words, and the card (local test provider).
    await expect(page.getByRole('heading', { name: en('reserve.guarantee.title') })).toBeVisible();
    await expect(page.getByText(fill(en('reserve.guarantee.policyUntilDays'), { days: 2 }))).toBeVisible();
    await expect(page.getByText(/No-show fee: € 25 per guest \(€ 150 for this reservation\)/)).toBeVisible();
    await expect(page.getByText(en('reserve.guarantee.testMode'))).toBeVisible();
    await axe(page);
    await giveCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(en('reserve.errors.cancellationPolicyRequired'))).toBeVisible();
    await page.getByLabel(en('reserve.guarantee.accept')).check();
    await giveCard(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert').filter({ hasText: en('reserve.guarantee.declined') })).toBeVisible();
    await giveCard(page, '4242 4242 4242 4242');
    await expect(page.getByText(en('reserve.summary.footer'))).toBeVisible();
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();

    // Suspended: the SMS code, wrong then right.
    await page.waitForURL(/\/en\/a2fa\/reserve\/[A-Za-z0-9_-]{22}$/);
    const hash = page.url().split('/').pop()!;
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.sms.title') })).toBeVisible();
    await axe(page);
    const code = await smsCode(phone);
    await page.getByLabel(en('reserve.sms.code')).fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
    await expect(page.getByRole('alert').filter({ hasText: fill(en('reserve.sms.wrong'), { count: 4 }) })).toBeVisible();
    await page.getByLabel(en('reserve.sms.code')).fill(code);
    await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
    await page.waitForURL('**/en/reserve/confirm');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.confirmTitle') })).toBeVisible();

    // Moved to another evening (the card guarantee comes along).
    await page.goto(`/en/reserve/${hash}/edit`);
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.edit.title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
    await page.getByRole('navigation', { name: en('reserve.steps.label') }).getByRole('button', { name: /^Date/ }).click();
    const list = page.getByLabel(en('reserve.date.list'));
    await expect(list.locator('option').nth(2)).toBeAttached();
    const other = (await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean))).filter((d) => d !== saturday).at(-1)!;
    await list.selectOption(other);
    await page.getByRole('button', { name: /^21:00/ }).click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();
    await page.getByRole('button', { name: en('reserve.edit.confirm') }).click();
    await page.waitForURL(`**/en/reserve/${hash}/edit/confirm`);
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.edit.confirmTitle') })).toBeVisible();
    await expect(page.getByText('21:00')).toBeVisible();

    // Cancelled from the edit page, with a confirmation step.
    await page.goto(`/en/reserve/${hash}/edit`);
    await page.getByRole('link', { name: en('reserve.edit.cancel') }).click();
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.cancel.title') })).toBeVisible();
    await axe(page);
    await page.getByRole('button', { name: en('reserve.cancel.confirm') }).click();
    await expect(page.getByRole('heading', { name: en('reserve.cancel.doneTitle') })).toBeVisible();

    // The e-mails: confirmed, changed, cancelled.
    await expect
      .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => f.endsWith('.eml')).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')) : []).filter((m) => m.includes(`To: ${email}`)).length, { timeout: 20_000 })
      .toBe(3);
  });

  test('five wrong SMS codes end on "Error during reservation confirmation"', async ({ page }) => {
    const phone = `34${Date.now().toString().slice(-8)}`;
    await chooseTable(page, 7, null, /^13:00/);
    await fillDetails(page, phone, `seven.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL(/\/en\/a2fa\/reserve\//);
    const code = await smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      await page.getByLabel(en('reserve.sms.code')).fill(wrong);
      await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
      await expect(page.getByRole('alert').filter({ hasText: fill(en('reserve.sms.wrong'), { count: 4 - i }) })).toBeVisible();
    }
    await page.getByLabel(en('reserve.sms.code')).fill(wrong);
    await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
    await page.waitForURL('**/en/reserve/suspendedError');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.suspendedErrorTitle') })).toBeVisible();
  });

  test('the bot check: unsure shows "Additional Security Verification", then passes; a failed challenge invites a restart', async ({ page, context, baseURL }) => {
    const host = new URL(baseURL!).hostname;
    await context.addCookies([{ name: 'frontpage-botcheck', value: 'unsure', domain: host, path: '/' }]);
    await chooseTable(page, 2, null, /^13:00|^20:00/);
    await fillDetails(page, `35${Date.now().toString().slice(-8)}`, `bot.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    const challenge = page.getByRole('group', { name: en('reserve.botcheck.title') });
    await expect(challenge).toBeVisible();
    await axe(page);
    await challenge.getByLabel(en('reserve.botcheck.checkbox')).check();
    await page.waitForURL('**/en/reserve/confirm');

    await context.addCookies([{ name: 'frontpage-botcheck', value: 'unsure,fail', domain: host, path: '/' }]);
    await chooseTable(page, 2, null, /^13:30|^20:30/);
    await fillDetails(page, `36${Date.now().toString().slice(-8)}`, `bot2.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.getByRole('group', { name: en('reserve.botcheck.title') }).getByLabel(en('reserve.botcheck.checkbox')).check();
    await expect(page.getByRole('heading', { name: en('reserve.botcheck.failedTitle') })).toBeVisible();
    await page.getByRole('button', { name: en('reserve.botcheck.restart') }).click();
    await expect(page.getByRole('heading', { name: en('reserve.people.title') })).toBeVisible();
  });

  test('an edit that would need a card guarantee is refused; an unknown hash is a 404', async ({ page }) => {
    const date = await chooseTable(page, 2, null, /^13:00|^20:00/);
    await fillDetails(page, `37${Date.now().toString().slice(-8)}`, `edit.${Date.now()}@example.com`);
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL('**/en/reserve/confirm');
    // The booking's hash, as the e-mail link carries it.
    const hash = (await page.evaluate(() => JSON.parse(sessionStorage.getItem('frontpageLastReservation')!).hash)) as string;
    await page.goto(`/en/reserve/${hash}/edit?pax=5&date=${date}`);
    await page.getByRole('button', { name: /^2[01]:[03]0/ }).first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await page.getByRole('button', { name: en('reserve.details.continue') }).click();
    await page.getByRole('button', { name: en('reserve.edit.confirm') }).click();
    await expect(page.getByRole('alert').filter({ hasText: en('reserve.edit.reserveEditCcError') })).toBeVisible();
    expect((await page.goto('/en/reserve/AAAAAAAAAAAAAAAAAAAAAA/edit'))?.status()).toBe(404);
    expect((await page.goto('/en/a2fa/reserve/not-a-hash'))?.status()).toBe(404);
  });
});
