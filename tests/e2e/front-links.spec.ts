import fs from 'node:fs';
import path from 'node:path';
import { createHmac, hkdfSync } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { contractCall, messages, firstWeekdayAfter, readMails } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_LINK_SECRET, E2E_TOKEN, siteUrl } from './servers';

/**
 * The signed link pages through a front (issue 41, point 14): the legacy site holds no data
 * and no link secret; its waiting-list offer, reminder and staff-answer pages read and act
 * through the built-in site's contract (`waitlist/offer`, `waitlist/claim`,
 * `reservation/reminder`, `reservation/confirmreminder`, `answerlink/*`), which checks the
 * links. The links come from the backend's e-mails (its outbox), opened on the front's host.
 */
const HOST = 'links.localhost';
const front = siteUrl('legacy', HOST);
const en = messages('en');
let venueId = 0;

/** The first Friday at least 9 days ahead (then Saturday and Sunday; the fixture's dinner runs Tuesday to Sunday). */
const bookingDay = firstWeekdayAfter(9, 5);
const contract = (request: APIRequestContext, call: string, values: Record<string, string>) => contractCall(request, HOST, call, values);

let serial = 0;
/** A booking through the backend's contract, as the site's booking form makes it; `day` counts from bookingDay. */
async function book(request: APIRequestContext, pax: number, time: string, day = 0) {
  const n = ++serial;
  const email = `front-links-${n}-${Date.now()}@example.com`;
  const date = new Date(Date.parse(`${bookingDay}T12:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
  const body = await contract(request, 'reservation/create', {
    pax: String(pax), date, time, zone: 'sala', nome: `Link${n}`, cognome: 'Front', email,
    prefisso: '+39', telefono: '3471234567', privacy: '1', marketing: '0', language: 'en', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${80 + n}`,
  });
  expect(body.status, JSON.stringify(body)).toBe(true);
  const { status } = (await contract(request, 'reservation/get', { hash: body.data.hash })).data as { status: string };
  return { hash: body.data.hash as string, email, status };
}

/**
 * A reminder link as the backend's sweep e-mails it the day before (docs/security.md, "Signed
 * links": HMAC-SHA256 under the purpose's key, HKDF of the backend's LINK_SECRET), made here so
 * the test does not wait for the venue's reminder hour.
 */
function reminderLink(hash: string, revision: number, action: 'coming' | 'cancel') {
  const key = Buffer.from(hkdfSync('sha256', E2E_LINK_SECRET, 'frontpage-link-keys', 'link:booking-reminder', 32));
  const s = createHmac('sha256', key).update(['booking-reminder', venueId, hash, revision].join('\u0000')).digest('base64url').slice(0, 32);
  return `/en/frontpage/reminder/${hash}?a=${action}&v=${revision}&s=${s}`;
}

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  // 4 covers at dinner: two parties of 2 fill the evening, a third waits.
  const venue = {
    ...file, slug: 'front-links-e2e', name: 'Osteria dei Link', hosts: [HOST], default: false,
    shifts: file.shifts.map((s: { key: string }) => (s.key === 'cena' ? { ...s, capacity: 4 } : s)),
    booking: { autoConfirmMaxCovers: 2, smsConfirmation: { mode: 'never', covers: 0 }, waitingList: true },
  };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  venueId = ((await imported.json()) as { data: { venueId: number } }).data.venueId;
});

test('through a front: the waiting-list claim link and the reminder link are read and answered by the backend', async ({ page, request }) => {
  test.setTimeout(90_000);
  const seated = await book(request, 2, '20:00');
  await book(request, 2, '20:30');
  const waiting = await book(request, 2, '21:00');
  expect([seated.status, waiting.status]).toEqual(['confirmed', 'waitinglist']);

  // The first guest cancels on the backend: the guest waiting gets the offer by e-mail.
  expect((await contract(request, 'reservation/cancel', { hash: seated.hash })).status).toBe(true);
  const offerMail = () => readMails('builtin').find((m) => m.to.includes(waiting.email) && m.text.includes('/frontpage/waitlist/'));
  await expect.poll(() => offerMail()?.subject ?? '').not.toBe('');
  const link = new URL(/(https?:\/\/\S+\/frontpage\/waitlist\/\S+)/.exec(offerMail()!.text)![1]);

  // Opened on the front: the page comes from the backend's answer, the claim goes back to it.
  await page.goto(`${front}/en/frontpage/waitlist/${link.pathname.split('/').pop()}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('waitlist.page.title'));
  await expect(page.getByText('21:00').first()).toBeVisible();
  await page.getByRole('button', { name: en('waitlist.page.claim') }).click();
  await expect(page.getByTestId('offer-state')).toHaveText(en('waitlist.page.claimed'));
  expect(new URL(page.url()).origin).toBe(front);
  expect((await contract(request, 'reservation/get', { hash: waiting.hash })).data).toMatchObject({ status: 'confirmed' });

  // A forged claim link: the front says so, the backend refused it.
  await page.goto(`${front}/en/frontpage/waitlist/${link.pathname.split('/').pop()}?s=${'A'.repeat(32)}`);
  await expect(page.getByRole('alert').filter({ hasText: en('waitlist.page.invalid') })).toBeVisible();

  // The reminder: "I'm coming", answered once through the front (the next day: this one is full).
  const guest = await book(request, 2, '20:00', 1);
  await page.goto(`${front}${reminderLink(guest.hash, 0, 'coming')}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('reminders.page.title'));
  await page.getByRole('button', { name: en('reminders.page.coming') }).click();
  await expect(page.getByTestId('reminder-state')).toHaveText(en('reminders.page.comingDone'));
  // The other link of the same e-mail is spent.
  await page.goto(`${front}${reminderLink(guest.hash, 0, 'cancel')}`);
  await expect(page.getByTestId('reminder-state')).toHaveText(en('reminders.page.comingDone'));
  expect((await contract(request, 'reservation/get', { hash: guest.hash })).data).toMatchObject({ status: 'confirmed' });
  // A reminder link signed with the backend token, which every front holds, is nobody's link.
  const byToken = createHmac('sha256', E2E_TOKEN).update(['booking-reminder', venueId, guest.hash, 0].join('\u0000')).digest('base64url').slice(0, 32);
  await page.goto(`${front}/en/frontpage/reminder/${guest.hash}?a=cancel&v=0&s=${byToken}`);
  await expect(page.getByTestId('reminder-state')).toHaveText(en('reminders.page.invalid'));
});

test("through a front: the venue e-mail's Confirm link confirms a request of 4", async ({ page, request }) => {
  const asked = await book(request, 4, '19:30', 2);
  expect(asked.status).toBe('pending');
  const venueMail = () => readMails('builtin').find((m) => m.text.includes(`/staff/answer/${asked.hash}`));
  await expect.poll(() => venueMail()?.subject ?? '').not.toBe('');
  const link = new URL(new RegExp(`(https?://\\S+/staff/answer/${asked.hash}\\?a=confirm\\S+)`).exec(venueMail()!.text)![1]);
  await page.goto(`${front}/en/staff/answer/${asked.hash}${link.search}`);
  await expect(page.getByTestId('answer-summary')).toContainText('19:30');
  await page.getByRole('button', { name: en('staffArea.link.confirmSend') }).click();
  await expect(page.getByTestId('answer-outcome')).toContainText(en('staffArea.status.confirmed'));
  expect((await contract(request, 'reservation/get', { hash: asked.hash })).data).toMatchObject({ status: 'confirmed' });
});
