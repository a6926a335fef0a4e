import { expect, test } from '@playwright/test';
import { axe, chooseTable, en, fill, fillDetails, partySize, smsCode, tabTo } from './booking-steps';
import { messages, readMails, uniqueEmail as unique, VENUE } from './helpers';

const it = messages('it');

test.describe('booking walks', () => {
  test('books a table in Italian; the confirmation e-mail is in Italian with its calendar file, and the venue is told', async ({ page }) => {
    await page.goto('/reserve');
    await expect(page).toHaveTitle(`${VENUE} - ${it('screens.reserve')}`);
    await partySize(page, '2 persone').click();
    const list = page.getByLabel(it('reserve.date.list'));
    await expect(list.locator('option').nth(2)).toBeAttached();
    const date = await list.locator('option').nth(2).getAttribute('value');
    await list.selectOption(date!);
    await page.locator('.time-step .choice:not(.choice--full)').first().click();
    await page.getByRole('group', { name: it('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: it('reserve.details.title') })).toBeVisible();
    await expect(page.getByRole('timer')).toContainText(/ancora per [0-9] min [0-5][0-9] s/);

    const email = unique('anna');
    await page.locator('input[name="nome"]').fill('Anna');
    await page.locator('input[name="cognome"]').fill('Ricci');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="telefono"]').fill('3471234567');
    await page.locator('input[name="privacy"]').check();
    await page.getByRole('button', { name: it('reserve.details.continue') }).click();
    await expect(page.getByText(it('reserve.summary.footer'))).toBeVisible();
    await page.getByRole('button', { name: it('reserve.summary.confirm') }).click();
    await page.waitForURL(/\/reserve\/confirm$/);
    expect(new URL(page.url()).pathname).toBe('/reserve/confirm');
    await expect(page.getByRole('heading', { level: 1, name: it('reserve.outcome.confirmTitle') })).toBeVisible();
    await expect(page.getByText('Anna Ricci')).toBeVisible();

    // The guest's e-mail, in Italian, with the calendar file and the Italian edit link; and the venue's notification.
    await expect.poll(() => readMails().filter((m) => m.to === email).length, { timeout: 20_000 }).toBe(1);
    const mail = readMails().find((m) => m.to === email)!;
    expect(mail.subject).toMatch(new RegExp(`^Il tuo tavolo da ${VENUE} è confermato: `));
    expect(mail.text).toContain('Ciao Anna,');
    expect(mail.text).toMatch(/\/reserve\/[2-9A-HJKMNP-Z]{26}\/edit/);
    // Change and Cancel links, the calendar file named, and the party size as the summary says it.
    expect(mail.text).toMatch(/^Modifica: \S+\/reserve\/[2-9A-HJKMNP-Z]{26}\/edit$/m);
    expect(mail.text).toMatch(/^Annulla: \S+\/reserve\/[2-9A-HJKMNP-Z]{26}\/cancel$/m);
    expect(mail.text).toContain('reservation.ics');
    expect(mail.text).toMatch(/^Persone: 2 persone$/m);
    expect(mail.text).not.toContain('/en/reserve/');
    expect(mail.raw).toContain('filename=reservation.ics');
    expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/i);
    await expect
      .poll(() => readMails().find((m) => m.file.endsWith('reservationVenue.eml') && m.text.includes(email))?.subject ?? '', { timeout: 20_000 })
      .toMatch(new RegExp(`^Nuova prenotazione confermata: .+, ${new Intl.DateTimeFormat('it', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`))}, [0-9]{2}:[0-9]{2}, 2 coperti$`));
  });

  test('a party above the auto-confirm limit confirms its SMS code and ends on "accept"', async ({ page }) => {
    await page.goto('/en/reserve');
    await expect(page.getByText(fill(en('reserve.people.tooLarge'), { max: 12 }))).toBeVisible();
    // A larger party calls the venue: its number, in words and as a tel: link.
    await expect(page.getByRole('link', { name: fill(en('reserve.people.contact'), { phone: '+39 055 210 4387' }) })).toHaveAttribute('href', 'tel:+390552104387');
    await page.getByLabel(en('reserve.people.more')).selectOption({ label: '8 people' });
    await expect(page).toHaveURL(/pax=8/);
    await expect(page.getByRole('heading', { name: en('reserve.date.title') })).toBeVisible();

    // Lunch for 8: no card guarantee (dinner only), but the SMS code (above 5 covers), and above 6 covers the venue decides.
    const phone = `34${Date.now().toString().slice(-8)}`;
    const email = unique('eight');
    await chooseTable(page, 8, null, /^13:00/, 3);
    await fillDetails(page, phone, email);
    await expect(page.getByText(en('reserve.summary.footer'))).toBeVisible();
    await page.getByRole('button', { name: en('reserve.summary.confirm') }).click();
    await page.waitForURL(/\/en\/a2fa\/reserve\/[2-9A-HJKMNP-Z]{26}$/);
    await page.getByLabel(en('reserve.sms.code')).fill(await smsCode(phone));
    await page.getByRole('button', { name: en('reserve.sms.submit') }).click();
    await page.waitForURL('**/en/reserve/accept');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.acceptTitle') })).toBeVisible();
    await expect(page.getByText(en('reserve.outcome.acceptText'))).toBeVisible();
    await axe(page);
    await expect.poll(() => readMails().find((m) => m.to === email)?.subject ?? '', { timeout: 20_000 }).toMatch(new RegExp(`^We have received your request: ${VENUE}`));
  });

  test('a confirm that cannot reach the site, or meets a backend that is down, says so and keeps the booking to send again', async ({ page }) => {
    await chooseTable(page, 2, null, /^19:30/);
    const email = unique('giulia.down');
    await fillDetails(page, '3471230000', email);
    const confirm = page.getByRole('button', { name: en('reserve.summary.confirm') });
    await expect(confirm).toBeVisible();
    const unavailable = page.getByText(en('reserve.errors.unavailable'));
    // The network drops the request, then the site answers 503 as it does when its backend is down.
    for (const answer of ['abort', 'unavailable'] as const) {
      await page.route('**/api/reservation', (route) =>
        answer === 'abort' ? route.abort('connectionrefused') : route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable' }) }),
      );
      await confirm.click();
      await expect(unavailable).toBeVisible();
      await expect(page).toHaveURL(/\/en\/reserve\?/);
      await expect(page.getByText(en('reserve.summary.footer'))).toBeVisible();
      await page.unroute('**/api/reservation');
    }
    // Back up: the same confirm books the table, with what the guest typed.
    await confirm.click();
    await page.waitForURL('**/en/reserve/confirm');
    await expect(page.getByText('Giulia Neri')).toBeVisible();
    await expect.poll(() => readMails().some((m) => m.to === email), { timeout: 20_000 }).toBe(true);
  });

  test('a guest who leaves the wizard gives the held seats back by a beacon on pagehide (issue 45)', async ({ page }) => {
    await page.goto('/en/reserve');
    await partySize(page, '2 people').click();
    const list = page.getByLabel(en('reserve.date.list'));
    await expect(list.locator('option').nth(3)).toBeAttached();
    await list.selectOption((await list.locator('option').nth(3).getAttribute('value'))!);
    await page.locator('.time-step .choice:not(.choice--full)').first().click();
    await page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first().click();
    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('frontpageLastHold'));
    expect(token).toBeTruthy();
    // The page going away: pagehide sends the release, a same-origin JSON beacon of the browser's own, which the route's gate accepts.
    // (Fired on the page itself: a beacon sent while the page unloads is not reported to the test.)
    const released = page.waitForResponse((r) => r.url().endsWith('/api/reservation/release'));
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    const answer = await released;
    expect(answer.status()).toBe(200);
    expect(answer.request().headers()['content-type']).toBe('application/json');
    expect(await page.evaluate(() => sessionStorage.getItem('frontpageReservationHold'))).toBeNull();
  });

  test('a date that does not exist, typed into the address, is refused with a message, and another date can be chosen', async ({ page }) => {
    await page.goto(`/en/reserve?pax=2&date=${new Date().getUTCFullYear() + 1}-02-30`);
    await expect(page.getByRole('alert').filter({ hasText: en('reserve.errors.dateInvalid') })).toBeVisible();
    // The wizard is back on the date step (issue 22): another date can be chosen there.
    await expect(page.getByLabel(en('reserve.date.list'))).toBeVisible();
  });

  test('keyboard alone: a table booked from party size to confirmation, and axe finds no violations on any step', async ({ page }) => {
    await page.goto('/en/reserve');
    await axe(page);
    await tabTo(page, partySize(page, '2 people'));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: en('reserve.date.title') })).toBeFocused();
    await expect(page.getByLabel(en('reserve.date.list'))).toBeVisible();
    await axe(page);

    // The calendar grid (WAI-ARIA date grid): each day is a button named with its date and
    // state; the first open day is the grid's one tab stop, the arrows move between open days.
    const open = page.locator('.calendar__cell--available .calendar__day');
    const day = open.nth(1);
    await expect(day).toHaveAttribute('aria-label', new RegExp(`, ${en('reserve.date.states.available')}`));
    await tabTo(page, open.first());
    await page.keyboard.press('ArrowRight');
    await expect(day).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: en('reserve.time.title') })).toBeFocused();
    await tabTo(page, page.locator('.time-step .choice:not(.choice--full)').first());
    await page.keyboard.press('Enter');
    const zone = page.getByRole('group', { name: en('reserve.time.zones') }).getByRole('button').first();
    await expect(zone).toBeVisible();
    await axe(page);
    await tabTo(page, zone);
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: en('reserve.details.title') })).toBeFocused();
    await axe(page);
    // An empty submit: the summary, and the focus on the first invalid field.
    await tabTo(page, page.getByRole('button', { name: en('reserve.details.continue') }));
    await page.keyboard.press('Enter');
    await expect(page.getByText(en('forms.summaryTitle'))).toBeVisible();
    await expect(page.locator('input[name="nome"]')).toBeFocused();
    await axe(page);
    await page.keyboard.type('Sara');
    for (const [name, value] of [['cognome', 'Galli'], ['email', unique('keys')], ['telefono', '3489876543']]) {
      await tabTo(page, page.locator(`input[name="${name}"]`));
      await page.keyboard.type(value);
    }
    await tabTo(page, page.locator('input[name="privacy"]'));
    await page.keyboard.press('Space');
    await expect(page.locator('input[name="privacy"]')).toBeChecked();
    await tabTo(page, page.getByRole('button', { name: en('reserve.details.continue') }));
    await page.keyboard.press('Enter');

    await expect(page.getByRole('heading', { name: en('reserve.summary.title') })).toBeFocused();
    await expect(page.getByText('Sara Galli')).toBeVisible();
    await axe(page);
    await tabTo(page, page.getByRole('button', { name: en('reserve.summary.confirm') }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/reserve/confirm');
    await expect(page.getByRole('heading', { level: 1, name: en('reserve.outcome.confirmTitle') })).toBeVisible();
    await axe(page);
  });
});
