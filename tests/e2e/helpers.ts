import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN, E2E_TOKEN, siteUrl } from './servers';

type Tree = { [key: string]: string | Tree };

/** The message files, so tests assert the translated wording rather than copies of it. */
export function messages(locale: string) {
  const tree = JSON.parse(fs.readFileSync(path.join(__dirname, '../../messages', `${locale}.json`), 'utf8')) as Tree;
  return (key: string): string => {
    const value = key.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree);
    if (typeof value !== 'string') throw new Error(`no message ${key}`);
    return value;
  };
}

/** An e-mail address no other test (or earlier run) has used. */
export const uniqueEmail = (name: string) => `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** A calendar day `days` from the day the walk runs (UTC), as `yyyy-mm-dd`: e2e walks never name a fixed date. */
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Today where the demo venue is (Florence), `yyyy-mm-dd`: walks book after it, since today's times run out as the clock moves. */
export const venueToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

export const VENUE = 'Trattoria Da Rosa';
export const SECOND_VENUE = 'Osteria Seconda';

/** Imports the second test venue (host seconda.localhost) into a site (default: the built-in one on PGlite); `overrides` change fields of its file. */
export async function importSecondVenue(request: APIRequestContext, origin = siteUrl('builtin'), overrides: Record<string, unknown> = {}) {
  const file = { ...JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8')), ...overrides };
  const response = await request.post(`${origin}/api/admin/venues`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: file,
  });
  if (!response.ok()) throw new Error(`venue import failed: ${response.status()} ${await response.text()}`);
  return response.json();
}

export type Mail = { file: string; to: string; subject: string; text: string; raw: string };

const decodeQuotedPrintable = (s: string) => {
  const bytes: number[] = [];
  const body = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '=' && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

/** A header's value with RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) decoded. */
const decodeHeader = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );

/** The e-mails in a site's file outbox (`DATA_DIR/outbox/*.eml`), with the subject and the plain text decoded. */
export function readMails(site = 'builtin'): Mail[] {
  const outbox = path.join(__dirname, '../../.tmp/e2e', site, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(outbox, file), 'utf8');
      const [head] = raw.split(/\r?\n\r?\n/);
      const headers = head.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? '';
      const [, encoding = '', plain = ''] = /Content-Type: text\/plain; charset=utf-8\r?\nContent-Transfer-Encoding: ([\w-]+)\r?\n\r?\n([\s\S]*?)\r?\n----_/i.exec(raw) ?? [];
      const text = encoding.toLowerCase() === 'quoted-printable' ? decodeQuotedPrintable(plain) : encoding.toLowerCase() === 'base64' ? Buffer.from(plain, 'base64').toString('utf8') : plain;
      return { file, to: header('To'), subject: decodeHeader(header('Subject')), text, raw };
    });
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: false }).first();

/** Fills the gift card checkout's buyer fields (`t`: the page's language). */
export async function fillBuyer(page: Page, buyer: string, t = messages('en')) {
  await page.locator('#giftcard-checkout-firstName').fill('Anna');
  await page.locator('#giftcard-checkout-lastName').fill('Rossi');
  await page.getByRole('textbox', { name: t('giftcards.checkout.mobile'), exact: false }).first().fill('347 123 4567');
  await page.getByRole('textbox', { name: t('giftcards.checkout.email') }).fill(buyer);
  await field(page, t('giftcards.checkout.birthDate')).fill('12/05/1985');
  await page.getByRole('textbox', { name: t('giftcards.checkout.city') }).fill('Firenze');
  await page.getByRole('textbox', { name: t('giftcards.checkout.province') }).fill('FI');
  await page.getByRole('textbox', { name: t('giftcards.checkout.country') }).fill('Italia');
  await page.getByRole('textbox', { name: t('giftcards.checkout.cap') }).fill('50100');
}

/** The first `weekday` (0 Sunday … 6 Saturday) at least `days` days from today, `yyyy-mm-dd`. */
export const firstWeekdayAfter = (days: number, weekday: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() !== weekday) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
};

/** A call of the backend's contract on the built-in site, for the venue of `host`, with the backend token. */
export async function contractCall(request: APIRequestContext, host: string, call: string, values: Record<string, string>) {
  const response = await request.post(`${siteUrl('builtin')}/backend/api/frontpage/${call}`, {
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'x-forwarded-host': host, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(values).toString(),
  });
  return response.json();
}

/**
 * A guest form is hydrated when the guest first reaches for it (components/forms/deferred.tsx):
 * what is typed before is kept and a submit is held, but a test that leaves the page right
 * after typing waits for the form's code (its unsaved-data guard) first, as a guest's typing does.
 */
export async function formReady(page: Page) {
  await expect(page.locator('.deferred[data-ready]').first()).toBeAttached();
}

/** A city on each whole-hour offset from UTC. */
const WHOLE_HOUR_ZONES: Record<number, string> = {
  [-11]: 'Pacific/Pago_Pago', [-10]: 'Pacific/Honolulu', [-9]: 'Pacific/Gambier', [-8]: 'Pacific/Pitcairn', [-7]: 'America/Phoenix', [-6]: 'America/Guatemala',
  [-5]: 'America/Bogota', [-4]: 'America/La_Paz', [-3]: 'America/Argentina/Buenos_Aires', [-2]: 'Atlantic/South_Georgia', [-1]: 'Atlantic/Cape_Verde',
  0: 'Africa/Abidjan', 1: 'Africa/Lagos', 2: 'Africa/Maputo', 3: 'Africa/Nairobi', 4: 'Asia/Dubai', 5: 'Asia/Karachi', 6: 'Asia/Dhaka', 7: 'Asia/Bangkok',
  8: 'Asia/Singapore', 9: 'Asia/Tokyo', 10: 'Pacific/Port_Moresby', 11: 'Pacific/Noumea', 12: 'Pacific/Tarawa',
};

/**
 * A time zone where it is about midday now (summer time moves it an hour at most), so that a
 * venue's daytime shift is open whatever hour the suite runs: a walk-in is seated in it.
 */
export const middayZone = () => WHOLE_HOUR_ZONES[12 - new Date().getUTCHours()];
