import { expect, test } from '@playwright/test';
import { axe, en, partySize } from './booking-steps';
import { messages } from './helpers';

const it = messages('it');
const fr = messages('fr');

test.describe('the booking calendar is a WAI-ARIA date grid', () => {
  test('one tab stop; arrows, Home/End skip the days that cannot be chosen; PageDown/PageUp change month', async ({ page }) => {
    await page.goto('/en/reserve');
    await partySize(page, '2 people').click();
    const grid = page.getByRole('grid');
    await expect(grid).toBeVisible();
    // The month button of the first month is disabled, and looks it.
    const previous = page.getByRole('button', { name: en('reserve.date.previous') });
    await expect(previous).toBeDisabled();
    expect(Number(await previous.evaluate((el) => getComputedStyle(el).opacity))).toBeLessThan(0.6);

    // One day is in the tab order: the first open one.
    await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
    const openDays = grid.locator('.calendar__cell--available .calendar__day');
    await expect(grid.locator('button[tabindex="0"]')).toHaveAttribute('aria-label', (await openDays.first().getAttribute('aria-label'))!);
    // Closed and past days say why in their name.
    const closed = grid.locator('.calendar__cell--closed .calendar__day, .calendar__cell--past .calendar__day').first();
    if (await closed.count()) await expect(closed).toHaveAttribute('aria-label', new RegExp(`, (${en('reserve.date.states.closed')}|${en('reserve.date.states.past')})`));

    await openDays.first().focus();
    const focusedIsOpen = () => page.evaluate(() => document.activeElement?.closest('.calendar__cell')?.classList.contains('calendar__cell--available') ?? false);
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('ArrowRight');
      // Past the month's last open day, the next month loads and its first open day takes the focus.
      await expect.poll(focusedIsOpen).toBe(true);
      seen.add(await focusedLabel());
    }
    expect(seen.size).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedIsOpen).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(focusedIsOpen).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(focusedIsOpen).toBe(true);
    // Still a single tab stop, following the focus.
    await expect(grid.locator('button[tabindex="0"]')).toHaveCount(1);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('tabindex'))).toBe('0');

    const month = page.locator('.calendar__month');
    const before = await month.textContent();
    await page.keyboard.press('PageDown');
    await expect(month).not.toHaveText(before!);
    await expect.poll(focusedIsOpen).toBe(true);
    await expect(previous).toBeEnabled();
    await page.keyboard.press('PageUp');
    await expect(month).toHaveText(before!);
    await expect.poll(focusedIsOpen).toBe(true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: en('reserve.time.title') })).toBeVisible();
    // The times sit under their shift's name when the day has more than one shift.
    const shifts = page.locator('.time-step__shift');
    await expect(shifts.first()).toBeVisible();
    if ((await shifts.count()) === 2) {
      await expect(page.getByRole('group', { name: 'Lunch', exact: true })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Dinner', exact: true })).toBeVisible();
      await expect(page.locator('.time-step__shift-name')).toHaveText(['Lunch', 'Dinner']);
    }
    await axe(page);
  });
});

test.describe('the phone field', () => {
  test('defaults to the venue country, server-rendered, with unique values and names in the guest language', async ({ page, request }) => {
    const html = await (await request.get('/en/frontpage/fidelity')).text();
    expect(html).toMatch(/<option value="\+39" selected="">Italy \(\+39\)<\/option>/);
    const values = [...html.matchAll(/<option[^>]*value="(\+\d+)"/g)].map((m) => m[1]);
    expect(values.length).toBeGreaterThan(50);
    expect(new Set(values).size).toBe(values.length);
    const options = [...html.matchAll(/<option[^>]*value="\+\d+"[^>]*>([^<]*)<\/option>/g)].map((m) => m[1]);
    expect(options).toContain('United Kingdom (+44)');
    expect(options.filter((o) => o.startsWith('Regno Unito'))).toEqual([]);

    await page.goto('/frontpage/fidelity');
    const select = page.locator('select[name="prefisso"]');
    await expect(select).toHaveValue('+39');
    await expect(select.locator('option:checked')).toHaveText('Italia (+39)');
    await expect(select.locator('option[value="+44"]')).toHaveText('Regno Unito (+44)');
    const search = page.getByLabel(it('forms.labels.prefixSearch'));
    await search.fill('+44');
    await expect(select).toHaveValue('+44');
    for (const query of ['Italia', 'Italy', 'Italie']) {
      await search.fill('+1');
      await expect(select).toHaveValue('+1');
      await search.fill(query);
      await expect(select).toHaveValue('+39');
    }
    await search.fill('Royaume-Uni');
    await expect(select).toHaveValue('+44');

    await page.goto('/fr/frontpage/fidelity');
    await expect(page.locator('select[name="prefisso"] option:checked')).toHaveText('Italie (+39)');
    await expect(page.getByLabel(fr('forms.labels.prefixSearch'))).toBeVisible();
    await axe(page);
  });

  test('at 360 px the selected country is readable', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/en/frontpage/fidelity');
    const select = page.locator('select[name="prefisso"]');
    await expect(select).toHaveValue('+39');
    const fit = await select.evaluate((el) => {
      const span = document.createElement('span');
      span.style.font = getComputedStyle(el).font;
      span.style.position = 'absolute';
      span.style.whiteSpace = 'nowrap';
      span.textContent = (el as HTMLSelectElement).selectedOptions[0].text;
      document.body.append(span);
      const width = span.getBoundingClientRect().width;
      span.remove();
      return { text: span.textContent, width, room: el.clientWidth };
    });
    expect(fit.text).toBe('Italy (+39)');
    expect(fit.width + 40).toBeLessThan(fit.room);
  });
});
