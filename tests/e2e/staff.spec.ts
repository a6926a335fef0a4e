import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { messages, readMails } from './helpers';
import { E2E_ADMIN_TOKEN, E2E_TOKEN, siteUrl } from './servers';

/**
 * The venue's staff area (issues 21 and 23) on its own venue (staff.localhost): sign in with
 * the venue credential, the day's service sheet, confirm a pending request, mark an arrival,
 * at 360 px, keyboard-operable and axe-clean.
 */
const HOST = 'staff.localhost';
const origin = siteUrl('builtin', HOST);
const en = messages('en');
let token = '';

/** The first Friday at least 10 days ahead (the fixture's dinner runs Tuesday to Sunday). */
const bookingDay = (() => {
  const d = new Date(Date.now() + 10 * 86_400_000);
  while (d.getUTCDay() !== 5) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
})();

/** A booking's details and answers open on tap of its line (issue 44). */
const openCard = (item: Locator) => item.getByTestId('staff-booking-line').click();

async function contract(request: APIRequestContext, call: string, values: Record<string, string>, host = HOST) {
  const response = await request.post(`${siteUrl('builtin')}/backend/api/frontpage/${call}`, {
    headers: { authorization: `Bearer ${E2E_TOKEN}`, 'x-forwarded-host': host, 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(values).toString(),
  });
  return response.json();
}

/** A booking through the contract API (the built-in backend), as the site's booking form makes it. */
async function book(request: APIRequestContext, i: number, pax: number, time: string, extra: Record<string, string> = {}, { host = HOST, date = bookingDay } = {}) {
  const body = await contract(request, 'reservation/create', {
    pax: String(pax), date, time, zone: 'sala', nome: `Ospite${i}`, cognome: 'Staff', email: `staff-e2e-${i}-${Date.now()}@example.com`,
    prefisso: '+39', telefono: '3471234567', privacy: '1', marketing: '0', language: 'en', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${i}`,
    ...extra,
  }, host);
  expect(body.status, JSON.stringify(body)).toBe(true);
  return body.data as { hash?: string; status?: string };
}

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = { ...file, slug: 'staff-e2e', name: 'Osteria Staff', hosts: [HOST], default: false, booking: {
      autoConfirmMaxCovers: 6,
      smsConfirmation: { mode: 'never', covers: 0 },
      // A card on the terrace (issue 24's no-show fee); the other tests book the dining room.
      guarantee: { when: [{ zones: ['terrazza'] }], cancellation: { refundable: 'until', hoursBefore: 24 }, fee: { amount: 30, per: 'guest' } },
    } };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;
});

test('staff on a 360 px phone: sign in, confirm a request of 10, mark an arrival; never indexed, axe-clean', async ({ browser, request }) => {
  await book(request, 1, 10, '20:00');
  await book(request, 2, 2, '19:30');
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  const response = await page.goto(`${origin}/en/staff`);
  expect(response!.headers()['cache-control']).toMatch(/no-store|no-cache|private/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  // Signed out: the sign-in, by keyboard.
  await page.getByLabel(en('promo.staff.tokenLabel')).fill(token);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('staffArea.title'));

  // The booking day, then the sheet: covers against capacity, the request awaiting confirmation.
  const request10 = page.getByRole('listitem', { name: '20:00 · Ospite1 Staff' });
  await expect(async () => {
    await page.getByLabel(en('staffArea.day')).fill(bookingDay);
    await expect(request10).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(request10).toContainText(en('staffArea.status.pending'));
  await expect(page.getByTestId('covers-cena')).toHaveText(en('staffArea.covers').replace('{covers}', '12').replace('{capacity}', '60'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await openCard(request10);
  await request10.getByRole('button', { name: `${en('staffArea.actions.confirm')}: 20:00 · Ospite1 Staff` }).click();
  await expect(request10.getByRole('status')).toHaveText(en('staffArea.done'));
  await expect(request10).toContainText(en('staffArea.status.confirmed'));
  // The guest is told: the confirmation e-mail with the calendar file.
  await expect.poll(() => readMails().filter((m) => m.to.startsWith('staff-e2e-1-') && m.subject.includes('confirmed')).length).toBe(1);

  // Arrivals, by keyboard: focus the button and press Enter.
  const small = page.getByRole('listitem', { name: '19:30 · Ospite2 Staff' });
  await openCard(small);
  await small.getByRole('button', { name: `${en('staffArea.actions.arrived')}: 19:30 · Ospite2 Staff` }).focus();
  await page.keyboard.press('Enter');
  await expect(small).toContainText(en('staffArea.attendance.arrived'));
  // A seated guest is not cancelled; a mistaken arrival is undone (for 10 minutes), then marked again.
  await expect(small.getByRole('button', { name: `${en('staffArea.actions.cancel')}: 19:30 · Ospite2 Staff` })).toHaveCount(0);
  await small.getByRole('button', { name: `${en('staffArea.undo.button')}: 19:30 · Ospite2 Staff` }).click();
  await expect(small.getByRole('status')).toHaveText(en('staffArea.undo.done'));
  await expect(small.getByRole('button', { name: `${en('staffArea.actions.cancel')}: 19:30 · Ospite2 Staff` })).toBeVisible();
  await small.getByRole('button', { name: `${en('staffArea.actions.arrived')}: 19:30 · Ospite2 Staff` }).click();
  await expect(small).toContainText(en('staffArea.attendance.arrived'));

  // Sign out this device: the sheet's API refuses it at once.
  await page.getByRole('button', { name: en('staffArea.signOut') }).click();
  await expect(page.getByLabel(en('promo.staff.tokenLabel'))).toBeVisible();
  expect(await page.evaluate(async (d) => (await fetch(`/api/staff/day?date=${d}`)).status, bookingDay)).toBe(401);
  await context.close();
});

test('the venue e-mail\'s one-click links: Confirm and Decline without signing in; a second click says what was done', async ({ page, request }) => {
  const venueMail = (name: string) => readMails().filter((m) => m.text.includes(name) && /\/staff\/answer\//.test(m.text)).pop();
  const linkOf = (text: string, action: string) => {
    const url = new URL(new RegExp(`(https?://\\S+/staff/answer/\\S+a=${action}\\S*)`).exec(text)![1]);
    return `${origin}${url.pathname}${url.search}`;
  };
  const it = messages('it');

  // Confirm: the venue clicks in the e-mail (a GET shows the page; the button acts).
  const request3 = await book(request, 3, 10, '21:00');
  // The guest's own page says it awaits the venue.
  await page.goto(`${origin}/en/reserve/${request3.hash}/edit`);
  await expect(page.getByTestId('booking-status')).toHaveText(en('reserve.bookingStatus.pending'));
  await expect.poll(() => Boolean(venueMail('Ospite3 Staff'))).toBe(true);
  const confirm = linkOf(venueMail('Ospite3 Staff')!.text, 'confirm');
  await page.goto(confirm);
  await page.goto(confirm);
  await expect(page.getByTestId('answer-summary')).toContainText('Ospite3 Staff');
  await page.getByRole('button', { name: it('staffArea.link.confirmSend') }).click();
  await expect(page.getByTestId('answer-outcome')).toContainText(it('staffArea.status.confirmed'));
  await expect.poll(() => readMails().filter((m) => m.to.startsWith('staff-e2e-3-') && m.subject.includes('confirmed')).length).toBe(1);
  await page.goto(`${origin}/en/reserve/${request3.hash}/edit`);
  await expect(page.getByTestId('booking-status')).toHaveText(en('reserve.bookingStatus.confirmed'));
  // A second click: what was done, and when; nothing more.
  await page.goto(confirm);
  await expect(page.getByTestId('answer-outcome')).toContainText(it('staffArea.status.confirmed'));
  await expect(page.getByRole('button', { name: it('staffArea.link.confirmSend') })).toHaveCount(0);

  // Decline, with a note the guest receives.
  const request4 = await book(request, 4, 9, '21:30');
  await expect.poll(() => Boolean(venueMail('Ospite4 Staff'))).toBe(true);
  await page.goto(linkOf(venueMail('Ospite4 Staff')!.text, 'decline'));
  await page.getByLabel(it('staffArea.declineNote')).fill('Siamo al completo per un evento privato');
  await page.getByRole('button', { name: it('staffArea.actions.declineSend') }).click();
  await expect(page.getByTestId('answer-outcome')).toContainText(it('staffArea.status.declined'));
  await expect.poll(() => readMails().find((m) => m.to.startsWith('staff-e2e-4-') && m.text.includes('Siamo al completo per un evento privato'))?.subject ?? '').toContain('cannot take your request');
  // The guest's page, from the booking's own link: the venue's refusal.
  await page.goto(`${origin}/en/reserve/${request4.hash}/edit`);
  await expect(page.getByTestId('booking-status')).toHaveText(en('reserve.bookingStatus.declined'));
  await expect(page.getByRole('status')).toContainText(en('reserve.outcome.rejectText'));
});

test('staff at 1280 px: the sheet lays out without sideways scrolling, with the experiences booked on their own, axe-clean', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${origin}/en/staff`);
  await page.getByLabel(en('promo.staff.tokenLabel')).fill(token);
  await page.keyboard.press('Enter');
  // The sheet has loaded (its sections come from the client), then the day is chosen.
  await expect(page.getByRole('heading', { name: en('staffArea.experiences') })).toBeVisible();
  await expect(async () => {
    await page.getByLabel(en('staffArea.day')).fill(bookingDay);
    await expect(page.getByRole('listitem', { name: '20:00 · Ospite1 Staff' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await context.close();
});

/**
 * The no-show's venue (issue 41): a table on the terrace holds a card (€30 per guest), and dinner
 * is served all day, so a booking can be made for the next hour whatever time the suite runs.
 * "Late" is the venue's wall clock: instead of moving the site's clock by a day (other specs run
 * beside this one), the venue's time zone is moved, from UTC−11 (the booking is still ahead) to
 * UTC+14 (the same wall-clock time was 25 hours ago).
 */
const NOSHOW_HOST = 'noshow.localhost';
const AHEAD = 'Pacific/Pago_Pago';
const LATE = 'Pacific/Kiritimati';
async function importNoShowVenue(request: APIRequestContext, timezone: string) {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const allDay = { key: 'cena', name: file.shifts[1].name, weekdays: [1, 2, 3, 4, 5, 6, 7], start: '00:00', end: '23:45', slotMinutes: 15, lastSeating: '23:30', capacity: 60 };
  const venue = { ...file, slug: 'noshow-e2e', name: 'Osteria No-show', hosts: [NOSHOW_HOST], default: false, currency: 'EUR', timezone, shifts: [allDay], booking: {
      autoConfirmMaxCovers: 6,
      minNoticeMinutes: 30,
      smsConfirmation: { mode: 'never', covers: 0 },
      guarantee: { when: [{ zones: ['terrazza'] }], cancellation: { refundable: 'until', hoursBefore: 24 }, fee: { amount: 30, per: 'guest' } },
    } };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
}

test('the no-show fee: offered once the guest is late, apart from Arrived, confirmed naming the amount; the bank asks the guest, who pays; Undo refunds it, once', async ({ browser, request }) => {
  await importNoShowVenue(request, AHEAD);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: NOSHOW_HOST } });
  const venueToken = ((await minted.json()) as { data: { token: string } }).data.token;
  // The first quarter hour at least 45 minutes ahead, on the venue's wall clock (UTC−11, no summer time).
  const slot = new Date(Math.ceil((Date.now() - 11 * 3600_000 + 45 * 60_000) / 900_000) * 900_000);
  let [date, time] = [slot.toISOString().slice(0, 10), slot.toISOString().slice(11, 16)];
  if (time > '23:30') [date, time] = [new Date(slot.getTime() + 86_400_000).toISOString().slice(0, 10), '00:00'];
  const from = new Date(Date.parse(`${date}T${time}:00Z`) + 15 * 60_000).toISOString().slice(11, 16);
  const name = `${time} · Ospite5 Staff`;

  // A party of 2 on the terrace, with a test card whose off-session charge needs the guest (docs/payments.md).
  const setup = await contract(request, 'reservation/guarantee', { pax: '2', date, time, zone: 'terrazza' }, NOSHOW_HOST);
  expect(setup.data, JSON.stringify(setup)).toMatchObject({ required: true, payment: { kind: 'local' } });
  const saved = await contract(request, 'payment/confirmlocal', { reference: setup.data.reference, clientSecret: setup.data.clientSecret, cardNumber: '4000002760003184' }, NOSHOW_HOST);
  expect(saved.status, JSON.stringify(saved)).toBe(true);
  await book(request, 5, 2, time, { zone: 'terrazza', guaranteeReference: setup.data.reference, cancellationPolicy: '1', language: 'it' }, { host: NOSHOW_HOST, date });

  const origin = siteUrl('builtin', NOSHOW_HOST);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(`${origin}/en/staff`);
  await page.getByLabel(en('promo.staff.tokenLabel')).fill(venueToken);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('staffArea.title'));
  const guest = page.getByRole('listitem', { name });
  // The day is typed again until the sheet shows it: a value typed while the sheet hydrates is reset to today.
  await expect(async () => {
    await page.getByLabel(en('staffArea.day')).fill(date);
    await expect(guest).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  // The policy, once for the sheet (issue 44), in the staff's language: the terms and the fee per guest.
  await expect(page.getByTestId('staff-policies')).toContainText(en('staffArea.policyText.policyUntilDay'));
  await expect(page.getByTestId('staff-policies')).toContainText(/No-show fee: €\s?30(\.00)? per guest\./);
  await openCard(guest);
  // Before the booking's time plus the grace: no "No-show", only from when it will be.
  const noShow = guest.getByRole('button', { name: `${en('staffArea.actions.noshow')}: ${name}` });
  await expect(guest).toContainText(en('staffArea.noShow.from').replace('{time}', from));
  await expect(noShow).toHaveCount(0);

  // The guest is late: "No-show" is offered on the sheet's next poll, apart from "Arrived".
  await importNoShowVenue(request, LATE);
  await expect(noShow).toBeVisible({ timeout: 15_000 });
  const arrived = (await guest.getByRole('button', { name: `${en('staffArea.actions.arrived')}: ${name}` }).boundingBox())!;
  const apart = (await noShow.boundingBox())!;
  expect(apart.y - (arrived.y + arrived.height)).toBeGreaterThanOrEqual(24);

  // One tap asks first, naming the amount; Back charges nothing.
  const question = guest.getByRole('group', { name: en('staffArea.actions.noshow') });
  await noShow.click();
  await expect(question).toContainText(/^Charge €\s?60(\.00)? no-show fee to the guest's card\?/);
  await question.getByRole('button', { name: en('staffArea.noShow.back') }).click();
  await expect(question).toHaveCount(0);
  await expect(guest.getByTestId('staff-fee')).toHaveCount(0);
  // Asked while the guest was not late after all (the venue's clock moved back): refused, in words.
  await noShow.click();
  await importNoShowVenue(request, AHEAD);
  await question.getByRole('button', { name: en('staffArea.noShow.confirm') }).click();
  await expect(guest.getByRole('status')).toHaveText(en('staffArea.refused.tooEarly').replace('{time}', from));
  await expect(guest.getByTestId('staff-fee')).toHaveCount(0);

  await importNoShowVenue(request, LATE);
  await expect(noShow).toBeVisible({ timeout: 15_000 });
  await noShow.click();
  await question.getByRole('button', { name: en('staffArea.noShow.confirm') }).click();
  const fee = guest.getByTestId('staff-fee');
  await expect(fee).toHaveText(/awaiting the guest's confirmation/);
  // Arrived is still possible (a late guest); No-show is not offered twice.
  await expect(noShow).toHaveCount(0);
  // While the bank asks the guest, the no-show cannot be undone yet.
  const undo = guest.getByRole('button', { name: `${en('staffArea.undo.button')}: ${name}` });
  await undo.click();
  await expect(guest.getByRole('status')).toHaveText(en('staffArea.refused.feePending'));

  // The guest's e-mail, in Italian, with the signed link to confirm the payment.
  await expect.poll(() => readMails().find((m) => m.to.startsWith('staff-e2e-5-') && /\/frontpage\/fee\//.test(m.text))?.subject ?? '').toContain('confermi il pagamento');
  const mail = readMails().find((m) => m.to.startsWith('staff-e2e-5-') && /\/frontpage\/fee\//.test(m.text))!;
  const link = new URL(/(https?:\/\/\S+\/frontpage\/fee\/\S+)/.exec(mail.text)![1]);
  const guestPage = await context.newPage();
  const it = messages('it');
  await guestPage.goto(`${origin}${link.pathname}${link.search}`);
  await expect(guestPage.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const axe = await new AxeBuilder({ page: guestPage }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await guestPage.getByRole('button', { name: /Conferma il pagamento/ }).click();
  await expect(guestPage.getByTestId('fee-state')).toContainText('Grazie');
  // A tampered link shows nothing of the fee.
  await guestPage.goto(`${origin}${link.pathname}?s=${'x'.repeat(32)}`);
  await expect(guestPage.getByText(it('noshow.page.invalid'))).toHaveAttribute('role', 'alert');
  await expect.poll(() => readMails().filter((m) => m.to.startsWith('staff-e2e-5-') && m.subject.includes('addebitata')).length).toBe(1);

  // The sheet (polling) shows the fee charged; within 10 minutes, Undo gives it back in full, once.
  await expect(fee).toHaveText(/No-show fee charged/);
  await expect(guest).toContainText(/Undoing refunds the fee of €\s?60/);
  await undo.click();
  await expect(guest.getByRole('status')).toHaveText(en('staffArea.undo.done'));
  await expect(fee).toHaveText(/No-show fee refunded/);
  await expect(guest.locator('.badge').filter({ hasText: en('staffArea.attendance.noshow') })).toHaveCount(0);
  await expect.poll(() => readMails().filter((m) => m.to.startsWith('staff-e2e-5-') && m.subject.includes('rimborsata')).length).toBe(1);
  await context.close();
});

test('the waiting list: a guest cancels, the first guest waiting gets the table by e-mail and takes it; staff see the offer taken and the month\'s figures', async ({ browser, request }) => {
  // A small venue: 4 covers at dinner, so two parties of 2 fill the evening.
  const WAIT = 'wait.localhost';
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const small = {
    ...file,
    slug: 'wait-e2e',
    name: 'Osteria Attesa',
    hosts: [WAIT],
    default: false,
    shifts: file.shifts.map((s: { key: string }) => (s.key === 'cena' ? { ...s, capacity: 4 } : s)),
    booking: { autoConfirmMaxCovers: 6, smsConfirmation: { mode: 'never', covers: 0 }, waitingList: true },
  };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: small });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: WAIT } });
  const waitToken = ((await minted.json()) as { data: { token: string } }).data.token;
  const call = async (name: string, values: Record<string, string>) =>
    (
      await request.post(`${siteUrl('builtin')}/backend/api/frontpage/${name}`, {
        headers: { authorization: `Bearer ${E2E_TOKEN}`, 'x-forwarded-host': WAIT, 'content-type': 'application/x-www-form-urlencoded' },
        data: new URLSearchParams(values).toString(),
      })
    ).json();
  const party = (i: number) => ({
    pax: '2', date: bookingDay, time: '20:00', zone: 'sala', nome: `Attesa${i}`, cognome: 'Ospite', email: `wait-e2e-${i}-${Date.now()}@example.com`,
    prefisso: '+39', telefono: '3471234567', privacy: '1', marketing: '0', language: i === 3 ? 'fr' : 'en', recaptchaV3Token: 'local.v3.pass.testtoken', remoteIp: `198.51.100.${40 + i}`,
  });
  const first = await call('reservation/create', party(1));
  await call('reservation/create', party(2));
  const waiting = await call('reservation/create', party(3));
  expect([first.data.outcome ?? first.data.status, waiting.data.outcome ?? waiting.data.status]).toEqual(['confirm', 'waitinglist']);

  // The first guest cancels: the seats are offered to the guest waiting, in French.
  expect((await call('reservation/cancel', { hash: first.data.hash })).status).toBe(true);
  await expect.poll(() => readMails().find((m) => m.to.startsWith('wait-e2e-3-') && /\/frontpage\/waitlist\//.test(m.text))?.subject ?? '').toContain('Une table s');
  const mail = readMails().find((m) => m.to.startsWith('wait-e2e-3-') && /\/frontpage\/waitlist\//.test(m.text))!;
  const link = new URL(/(https?:\/\/\S+\/frontpage\/waitlist\/\S+)/.exec(mail.text)![1]);
  const context = await browser.newContext({ viewport: { width: 320, height: 700 } });
  const page = await context.newPage();
  const waitOrigin = siteUrl('builtin', WAIT);
  await page.goto(`${waitOrigin}${link.pathname}${link.search}`);
  const fr = messages('fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(fr('waitlist.page.title'));
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.getByRole('button', { name: fr('waitlist.page.claim') }).click();
  await expect(page.getByTestId('offer-state')).toHaveText(fr('waitlist.page.claimed'));
  await expect.poll(() => readMails().filter((m) => m.to.startsWith('wait-e2e-3-') && /confirm/i.test(m.subject)).length).toBe(1);

  // Staff: the entry's offer taken, and the month's figures.
  await page.goto(`${waitOrigin}/en/staff`);
  await page.getByLabel(en('promo.staff.tokenLabel')).fill(waitToken);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('staffArea.title'));
  const entry = page.getByRole('listitem', { name: '20:00 · Attesa3 Ospite' });
  await expect(async () => {
    await page.getByLabel(en('staffArea.day')).fill(bookingDay);
    await expect(entry).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(entry.getByTestId('staff-offer')).toHaveText(en('staffArea.offers.claimed'));
  await page.getByRole('link', { name: en('staffArea.metrics.link') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(en('staffArea.metrics.title'));
  await expect(page.getByTestId('metric-offers-made')).toContainText('1');
  await expect(page.getByTestId('metric-offers-claimed')).toContainText('1');
  expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
  await context.close();
});
