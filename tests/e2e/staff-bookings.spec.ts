import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages, middayZone } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Staff bookings on a 360 px phone (issue 44): a walk-in seated now, a booking taken on the
 * phone, one past capacity booked only once the override is ticked (and marked on its line), and
 * a change of party and time from the booking's details, the guest's notes and tags; by touch and by keyboard, axe-clean
 * with each form open, no sideways scroll.
 */
const HOST = `desk-${Date.now().toString(36)}.localhost`;
const origin = siteUrl('builtin', HOST);
const it = messages('it');
let token = '';

const zone = middayZone();

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = {
    ...file,
    slug: HOST.split('.')[0],
    name: 'Osteria Banco',
    hosts: [HOST],
    default: false,
    timezone: zone,
    shifts: [{ key: 'servizio', name: { it: 'Servizio', en: 'Service' }, weekdays: [1, 2, 3, 4, 5, 6, 7], start: '06:00', end: '23:30', slotMinutes: 15, lastSeating: '22:45', capacity: 20 }],
    zones: [
      { key: 'sala', name: { it: 'Sala interna', de: 'Gastraum' }, capacity: 20, selectable: true },
      { key: 'terrazza', name: { it: 'Terrazza', de: 'Terrasse' }, capacity: 10, selectable: true },
    ],
    booking: { autoConfirmMaxCovers: 8, smsConfirmation: { mode: 'never', covers: 0 } },
  };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;
});

const axeClean = async (page: Page, where: string) => expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => `${where}: ${v.id}`)).toEqual([]);
const noSidewaysScroll = async (page: Page) => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

test('a walk-in, a phone booking, one past capacity by the override, and a change, at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await page.goto(`${origin}/it/staff`);
  await page.getByLabel(it('promo.staff.tokenLabel')).fill(token);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(it('staffArea.title'));
  const lines = page.getByTestId('staff-booking');
  await expect(page.getByTestId('tally-servizio-coversLeft')).toHaveText('20');
  const add = page.getByTestId('staff-add');
  const done = page.getByTestId('staff-add-done');

  // A walk-in: "Add booking", the party, "Seat now" (the name optional), by keyboard.
  await add.focus();
  await page.keyboard.press('Enter');
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('radio', { name: it('staffArea.book.walkin') })).toBeChecked();
  await axeClean(page, 'walk-in form');
  await noSidewaysScroll(page);
  await page.getByLabel(it('staffArea.book.party')).fill('3');
  await page.getByLabel(it('staffArea.book.firstNameOptional')).fill('Luca');
  await page.getByLabel(it('staffArea.book.firstNameOptional')).press('Enter');
  await expect(done).toContainText(it('staffArea.book.walkedIn').split(':')[0]);
  await expect(lines).toHaveCount(1);
  const walkIn = lines.filter({ hasText: 'Luca' });
  await expect(walkIn.getByTestId('staff-source')).toHaveText(it('staffArea.source.walkin'));
  await expect(walkIn).toContainText(it('staffArea.attendance.arrived'));
  await expect(page.getByTestId('tally-servizio-seated')).toHaveText('3');

  // A booking taken on the phone: a time, the party, a name and a phone.
  await add.click();
  await page.getByRole('radio', { name: it('staffArea.book.phone') }).check();
  await axeClean(page, 'phone form');
  await page.getByLabel(it('staffArea.book.time')).selectOption('22:00');
  await page.getByLabel(it('staffArea.book.party')).fill('4');
  await page.getByLabel(it('staffArea.book.firstName'), { exact: true }).fill('Giulia');
  await page.getByLabel(it('staffArea.book.lastName')).fill('Bianchi');
  await page.getByLabel(it('staffArea.book.phoneNumber'), { exact: true }).fill('347 123 4590');
  await page.getByLabel(it('staffArea.book.notes')).fill('Seggiolone');
  await page.getByRole('button', { name: it('staffArea.book.save') }).click();
  await expect(done).toContainText('Giulia Bianchi');
  await expect(lines).toHaveCount(2);
  const giulia = page.getByRole('listitem', { name: '22:00 · Giulia Bianchi' });
  await expect(giulia.getByTestId('staff-source')).toHaveText(it('staffArea.source.phone'));
  await expect(page.getByTestId('tally-servizio-expected')).toHaveText('4');

  // Past capacity: told it is full, booked only once the override is ticked; the line says so.
  await add.click();
  await page.getByRole('radio', { name: it('staffArea.book.phone') }).check();
  await page.getByLabel(it('staffArea.book.time')).selectOption('22:30');
  await page.getByLabel(it('staffArea.book.party')).fill('15');
  await page.getByLabel(it('staffArea.book.firstName'), { exact: true }).fill('Marta');
  await page.getByLabel(it('staffArea.book.phoneNumber'), { exact: true }).fill('347 123 4591');
  const book = page.getByRole('button', { name: it('staffArea.book.save') });
  await book.click();
  await expect(page.getByText(it('staffArea.book.fullHint'), { exact: false })).toBeVisible();
  await expect(book).toBeDisabled();
  await axeClean(page, 'full');
  await expect(lines).toHaveCount(2);
  await page.getByLabel(it('staffArea.book.override')).check();
  await book.click();
  await expect(lines).toHaveCount(3);
  await expect(page.getByRole('listitem', { name: '22:30 · Marta' }).getByTestId('badge-override')).toHaveText(it('staffArea.book.overrideBadge'));

  // A change from the booking's details: party and time.
  await giulia.getByTestId('staff-booking-line').click();
  await giulia.getByRole('button', { name: `${it('staffArea.book.change')}: 22:00 · Giulia Bianchi` }).click();
  await axeClean(page, 'change form');
  await noSidewaysScroll(page);
  await giulia.getByLabel(it('staffArea.book.party')).fill('2');
  await giulia.getByLabel(it('staffArea.book.time')).selectOption('22:15');
  await giulia.getByRole('button', { name: it('staffArea.book.saveChange') }).click();
  await expect(page.getByRole('listitem', { name: '22:15 · Giulia Bianchi' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: '22:15 · Giulia Bianchi' }).getByTestId('staff-booking-line')).toContainText(it('staffArea.people').replace('{count}', '2'));
  await noSidewaysScroll(page);
  await axeClean(page, 'after the change');

  // Her profile: notes and tags staff keep, on her booking's line and details.
  const moved = page.getByRole('listitem', { name: '22:15 · Giulia Bianchi' });
  await expect(moved.getByTestId('guest-history')).toBeVisible();
  await moved.getByRole('button', { name: it('staffArea.guestProfile.edit') }).click();
  await moved.getByLabel(it('staffArea.guestProfile.notes')).fill('Allergia alle noci');
  await moved.getByRole('textbox', { name: it('staffArea.guestProfile.tags'), exact: true }).fill('VIP, Seggiolone');
  await axeClean(page, 'guest profile form');
  await moved.getByRole('button', { name: it('staffArea.guestProfile.save') }).click();
  await expect(moved.getByTestId('guest-notes')).toHaveText('Allergia alle noci');
  await expect(moved.getByTestId('badge-tag')).toHaveText(['VIP', 'Seggiolone']);
  await noSidewaysScroll(page);
  await axeClean(page, 'guest profile saved');
  await context.close();
});
