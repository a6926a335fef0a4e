import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { messages, venueToday } from './helpers';

/** Steps of the booking wizard shared by the end-to-end walks. */
export const en = messages('en');
export const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k]));

/** The latest SMS code sent to a number, read from the local SMS outbox (`.sms` files). */
export async function smsCode(phone: string, site = 'builtin'): Promise<string> {
  const outbox = path.join(__dirname, '../../.tmp/e2e', site, 'outbox');
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

/**
 * A party size on the wizard's first step: a link in the page's server HTML until the wizard is
 * fetched on the guest's first use (issue 43; a choice made there opens the wizard at it), a
 * button once it is there.
 */
export const partySize = (page: Page, name: string) => page.getByRole('link', { name, exact: true }).or(page.getByRole('button', { name, exact: true }));

export async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
}

/**
 * Walks the wizard to the details step: party size, the n-th date that is a given weekday (ISO),
 * a dinner time. Never today: today's times run out as the clock moves (the booking notice), so
 * a walk would depend on the hour the suite runs.
 */
export async function chooseTable(page: Page, pax: number, weekday: number | null, time: RegExp, nth = 0) {
  const today = venueToday();
  await page.goto(`/en/reserve?pax=${pax}`);
  const list = page.getByLabel(en('reserve.date.list'));
  await expect(list).toBeVisible();
  let dates: string[] = [];
  for (let month = 0; month < 3 && dates.length <= nth; month++) {
    const values = await list.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value).filter(Boolean));
    dates = [...dates, ...values.filter((d) => d > today && (weekday === null || (new Date(`${d}T12:00:00Z`).getUTCDay() || 7) === weekday))];
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

export async function fillDetails(page: Page, phone: string, email: string) {
  await page.locator('input[name="nome"]').fill('Giulia');
  await page.locator('input[name="cognome"]').fill('Neri');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="telefono"]').fill(phone);
  await page.locator('input[name="privacy"]').check();
  await page.getByRole('button', { name: en('reserve.details.continue') }).click();
}

export async function giveCard(page: Page, number: string) {
  await page.getByLabel(en('reserve.guarantee.cardNumber')).fill(number);
  await page.getByLabel(en('reserve.guarantee.expiry')).fill('12/30');
  await page.getByLabel(en('reserve.guarantee.cvc')).fill('123');
  await page.getByRole('button', { name: en('reserve.guarantee.save') }).click();
}


/** Presses Tab until the target has the focus (the keyboard's way of reaching a control). */
export async function tabTo(page: Page, target: Locator, max = 80) {
  await target.waitFor();
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab did not reach ${target.toString()} in ${max} presses`);
}
