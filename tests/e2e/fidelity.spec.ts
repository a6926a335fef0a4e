import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { formReady, messages, readMails, uniqueEmail as unique, VENUE } from './helpers';

const en = messages('en');
const it = messages('it');
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

async function fill(page: Page, t: (k: string) => string, email: string) {
  await page.getByLabel(t('forms.labels.firstName'), { exact: false }).first().fill('Giulia');
  await page.getByLabel(t('forms.labels.lastName'), { exact: false }).fill('Verdi');
  await page.getByLabel(t('forms.labels.email'), { exact: false }).fill(email);
  await page.locator('input[name="telefono"]').fill('333 765 4321');
  await page.locator('select[name="compleannoGiorno"]').selectOption('21');
  await page.locator('select[name="compleannoMese"]').selectOption('6');
  await page.locator('input[name="privacy"]').check();
  await page.locator('input[name="marketing"]').check();
}

test.describe('loyalty sign-up', () => {
  test('an empty submit shows the summary and every message, and focuses the first field', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.getByRole('button', { name: en('fidelity.submit') }).click();
    const summary = page.getByRole('alert', { name: 'Validation error' });
    await expect(summary.getByRole('heading', { name: 'Validation error' })).toBeVisible();
    await expect(summary).toContainText('Please check the highlighted fields and try again.');
    for (const text of ['Name is required', 'Surname is required', 'Email is required', 'Phone is required', 'Please select birth day', 'Please select birth month', 'Privacy acceptance required', 'Marketing acceptance required']) {
      await expect(page.locator('.field__error', { hasText: exactly(text) })).toBeVisible();
    }
    // The marketing consent is marked required, and says why under the box (spec wording).
    await expect(page.locator('.field--consent .hint', { hasText: exactly('Marketing acceptance is mandatory to complete the registration.') })).toBeVisible();
    await expect(page.locator('label[for="fidelity-marketing"] .field__required')).toHaveText(' (required)');
    await expect(page.locator('input[name="nome"]')).toBeFocused();
    await expect(page.locator('input[name="nome"]')).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await page.locator('input[name="nome"]').getAttribute('aria-describedby');
    await expect(page.locator(`#${describedBy}`)).toHaveText('Name is required');
  });

  for (const locale of ['it', 'fr', 'es', 'de']) {
    test(`an empty submit shows every message translated into ${locale}`, async ({ page }) => {
      const t = messages(locale);
      await page.goto(locale === 'it' ? '/frontpage/fidelity' : `/${locale}/frontpage/fidelity`);
      await page.getByRole('button', { name: t('fidelity.submit') }).click();
      const summary = page.getByRole('alert', { name: t('forms.summaryTitle') });
      await expect(summary).toContainText(t('forms.summaryText'));
      for (const key of ['nameRequired', 'surnameRequired', 'emailRequired', 'phoneRequired', 'birthDayRequired', 'birthMonthRequired', 'privacyRequired', 'marketingRequired']) {
        await expect(page.locator('.field__error', { hasText: exactly(t(`forms.errors.${key}`)) })).toBeVisible();
        await expect(summary.getByRole('link', { name: t(`forms.errors.${key}`), exact: true })).toBeVisible();
      }
    });
  }

  test('a bad e-mail says so', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await fill(page, en, 'giulia@');
    await page.getByRole('button', { name: en('fidelity.submit') }).click();
    await expect(page.locator('.field__error', { hasText: exactly('Please enter a valid email address') })).toBeVisible();
    await expect(page.locator('input[name="email"]')).toBeFocused();
  });

  test('signs up in Italian, sends the welcome e-mail, and refuses the same address again', async ({ page }) => {
    const email = unique('giulia');
    await page.goto('/frontpage/fidelity');
    await expect(page).toHaveTitle(`${VENUE} - ${it('screens.fidelity')}`);
    await fill(page, it, email);
    await page.getByRole('button', { name: it('fidelity.submit') }).click();
    await page.waitForURL('**/frontpage/fidelity/success');
    await expect(page.getByRole('heading', { level: 1, name: it('fidelity.landing.successTitle') })).toBeVisible();

    // The welcome e-mail reaches DATA_DIR/outbox as an .eml file (no SMTP_URL configured).
    await expect
      .poll(() => readMails().some((m) => m.to.includes(email)), { timeout: 20_000 })
      .toBe(true);
    // Its unsubscribe link (issue 29): the page only asks; the button withdraws, and the page says since when.
    const welcome = readMails().find((m) => m.to.includes(email))!;
    const unsubscribe = new RegExp(`${it('emails.layout.unsubscribe')}: (\\S+)`).exec(welcome.text)![1];
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await expect(page.getByRole('heading', { level: 1, name: it('fidelity.unsubscribe.title') })).toBeVisible();
    await page.getByRole('button', { name: it('fidelity.unsubscribe.confirm') }).click();
    await expect(page.getByTestId('unsubscribe-done')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('unsubscribe-done')).toBeVisible();
    await expect(page.getByRole('button', { name: it('fidelity.unsubscribe.confirm') })).toHaveCount(0);

    await page.goto('/frontpage/fidelity');
    await fill(page, it, email.toUpperCase());
    await page.getByRole('button', { name: it('fidelity.submit') }).click();
    await page.waitForURL('**/frontpage/fidelity/error/alreadyRegistered');
    await expect(page.getByRole('heading', { level: 1, name: it('fidelity.landing.alreadyRegistered') })).toBeVisible();
  });

  test('signs up in English and reaches the English landing; the same address again is refused', async ({ page }) => {
    const email = unique('english');
    await page.goto('/en/frontpage/fidelity');
    await fill(page, en, email);
    await page.getByRole('button', { name: en('fidelity.submit') }).click();
    await page.waitForURL('**/en/frontpage/fidelity/success');
    await expect(page.getByRole('heading', { level: 1, name: en('fidelity.landing.successTitle') })).toBeVisible();
    await page.goto('/en/frontpage/fidelity');
    await fill(page, en, email);
    await page.getByRole('button', { name: en('fidelity.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User already registered to fidelity' })).toBeVisible();
  });

  test('leaving a form in progress asks first', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="nome"]').fill('Giulia');
    await formReady(page);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('navigation').getByRole('link', { name: en('shell.nav.reserve') }).click();
    await expect.poll(() => asked).toEqual(['Are you sure you want to leave the page? The entered data will be lost.']);
    await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);
    await expect(page.locator('input[name="nome"]')).toHaveValue('Giulia');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('navigation').getByRole('link', { name: en('shell.nav.reserve') }).click();
    await expect(page).toHaveURL(/\/en\/reserve$/);
  });

  test('switching language with a form in progress asks too, and staying keeps the data (issue 29)', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="nome"]').fill('Giulia');
    await formReady(page);
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByLabel(en('shell.language')).selectOption('de');
    await expect.poll(() => asked).toEqual([en('forms.unsaved')]);
    await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);
    await expect(page.getByLabel(en('shell.language'))).toHaveValue('en');
    await expect(page.locator('input[name="nome"]')).toHaveValue('Giulia');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByLabel(en('shell.language')).selectOption('de');
    await expect(page).toHaveURL(/\/de\/frontpage\/fidelity$/);
  });

  test('the back button asks too, and staying keeps the data', async ({ page }) => {
    await page.goto('/en');
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="cognome"]').fill('Rossi');
    await formReady(page);
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.evaluate(() => window.history.back());
    expect(await asked).toBe('Are you sure you want to leave the page? The entered data will be lost.');
    await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);
    await expect(page.locator('input[name="cognome"]')).toHaveValue('Rossi');
  });

  test('closing the tab with data entered asks the browser to confirm', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="nome"]').fill('Giulia');
    await formReady(page);
    const dialogType = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        // Leaving is confirmed, so the page really closes and the test ends cleanly.
        void dialog.accept();
      }),
    );
    const closed = new Promise<void>((resolve) => page.once('close', () => resolve()));
    await page.close({ runBeforeUnload: true });
    expect(await dialogType).toBe('beforeunload');
    await closed;
  });

  test('the policy opens in a dialog that Escape closes, returning focus', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    const opener = page.getByRole('button', { name: new RegExp(en('forms.labels.privacyPolicy'), 'i') });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: en('forms.labels.privacyPolicy') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Trattoria Da Rosa processes your personal data');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('can be completed with the keyboard alone', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.locator('input[name="nome"]').focus();
    await page.keyboard.type('Marco');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Neri');
    await page.keyboard.press('Tab');
    await page.keyboard.type(unique('keyboard'));
    await page.keyboard.press('Tab'); // the prefix search box, left empty
    await expect(page.getByLabel(en('forms.labels.prefixSearch'))).toBeFocused();
    await page.keyboard.press('Tab'); // prefix select keeps the venue's country
    await expect(page.locator('select[name="prefisso"]')).toBeFocused();
    await expect(page.locator('select[name="prefisso"]')).toHaveValue('+39');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3391234567');
    await page.keyboard.press('Tab');
    await expect(page.locator('select[name="compleannoGiorno"]')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(page.locator('select[name="compleannoMese"]')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    await expect(page.locator('input[name="privacy"]')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab'); // the policy button
    await page.keyboard.press('Tab');
    await expect(page.locator('input[name="marketing"]')).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    // Marketing by SMS: its own box, not ticked, and left so (issue 26).
    await expect(page.locator('input[name="marketingSms"]')).toBeFocused();
    await expect(page.locator('input[name="marketingSms"]')).not.toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: en('fidelity.submit') })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/en/frontpage/fidelity/success');
  });

  test('the look-up gives the same neutral answer for any address', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity');
    await page.getByRole('link', { name: en('fidelity.alreadyRegistered') }).click();
    await page.waitForURL('**/en/frontpage/fidelity/lookup');
    await page.locator('input[name="email"]').fill('someone.else@example.com');
    await page.getByRole('button', { name: en('fidelity.lookup.submit') }).click();
    await expect(page.getByRole('status')).toContainText('someone.else@example.com');
    await expect(page.getByRole('heading', { name: en('fidelity.lookup.sentTitle') })).toBeVisible();
  });

  test('the error landings offer their actions', async ({ page }) => {
    await page.goto('/en/frontpage/fidelity/error/notFound');
    await expect(page.getByRole('heading', { level: 1, name: 'You are not registered to fidelity' })).toBeVisible();
    await page.getByRole('link', { name: en('fidelity.landing.subscribe') }).click();
    await expect(page).toHaveURL(/\/en\/frontpage\/fidelity$/);
    await page.goto('/en/frontpage/fidelity/error/generic');
    await expect(page.getByRole('heading', { level: 1, name: 'An error occurred during registration.' })).toBeVisible();
    await expect(page.getByRole('link', { name: en('fidelity.landing.retry') })).toHaveAttribute('href', '/en/frontpage/fidelity');
    expect((await page.goto('/en/frontpage/fidelity/error/whatever'))?.status()).toBe(404);
    // Without a reason: the generic error page, not a 404.
    expect((await page.goto('/en/frontpage/fidelity/error'))?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'An error occurred during registration.' })).toBeVisible();
  });

  for (const path of ['/en/frontpage/fidelity', '/frontpage/fidelity/success', '/de/frontpage/fidelity/error/disabled', '/en/frontpage/fidelity/lookup']) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      if (path === '/en/frontpage/fidelity') {
        await page.getByRole('button', { name: en('fidelity.submit') }).click();
        await expect(page.getByRole('alert', { name: 'Validation error' })).toBeVisible();
      }
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    });
  }

  test('consent is recorded per channel; the welcome carries one-click unsubscribe; guest:export and guest:erase work while the site runs (issue 26)', async ({ page, request }) => {
    test.setTimeout(120_000);
    const email = unique('consent');
    await page.goto('/de/frontpage/fidelity');
    await fill(page, messages('de'), email);
    // Marketing by SMS is its own box, not ticked: the guest ticks it.
    await expect(page.locator('input[name="marketingSms"]')).not.toBeChecked();
    await page.getByLabel(messages('de')('forms.labels.marketingSms')).check();
    await page.getByRole('button', { name: messages('de')('fidelity.submit') }).click();
    await page.waitForURL('**/de/frontpage/fidelity/success');

    const { execFileSync } = await import('node:child_process');
    const path = await import('node:path');
    const { sites, E2E_ADMIN_TOKEN } = await import('./servers');
    const root = path.resolve(__dirname, '../..');
    // The built-in site holds its embedded database: the script goes through its admin API.
    const run = (action: 'export' | 'erase') =>
      JSON.parse(
        execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', '--conditions=react-server', 'scripts/guest-data.ts', action, email], {
          cwd: root,
          env: { ...process.env, DATA_DIR: path.join(root, '.tmp', 'e2e', 'builtin'), PORT: String(sites.builtin.port), ADMIN_TOKEN: E2E_ADMIN_TOKEN, DATABASE_URL: '', LOG_LEVEL: 'silent' },
          encoding: 'utf8',
        }),
      );
    const exported = run('export');
    expect(exported.fidelityMemberships).toEqual([expect.objectContaining({ firstName: 'Giulia', lastName: 'Verdi', email })]);
    expect(exported.consents.map((c: { purpose: string; channel: string | null; given: boolean; form: string; locale: string }) => [c.purpose, c.channel, c.given, c.form, c.locale])).toEqual([
      ['privacy', null, true, 'fidelity', 'de'],
      ['marketing', 'email', true, 'fidelity', 'de'],
      ['marketing', 'sms', true, 'fidelity', 'de'],
    ]);
    for (const c of exported.consents) {
      expect(c.textHash).toMatch(/^[0-9a-f]{64}$/);
      expect(c.textVersion).toBeTruthy();
      expect(c.text).toBeTruthy();
    }

    // The welcome e-mail: List-Unsubscribe to the one-click address; a mail provider's POST withdraws.
    let raw = '';
    await expect.poll(() => (raw = readMails().find((m) => m.to.includes(email))?.raw ?? ''), { timeout: 20_000 }).not.toBe('');
    const headers = raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const target = new URL(/^List-Unsubscribe: <([^>]+)>$/m.exec(headers)![1]);
    expect(target.pathname).toBe('/api/unsubscribe');
    // As a mail provider sends it: from elsewhere, with the RFC 8058 body.
    const answer = await request.post(target.pathname + target.search, { form: { 'List-Unsubscribe': 'One-Click' }, headers: { origin: 'https://mail.example' } });
    expect(answer.status()).toBe(200);
    expect(run('export').consents.filter((c: { given: boolean; form: string }) => !c.given && c.form === 'oneClickUnsubscribe')).toHaveLength(1);

    const erased = run('erase');
    expect(erased).toMatchObject({ fidelityMembers: 1, consentRecords: 4 });
    const after = run('export');
    expect(after.fidelityMemberships).toEqual([]);
    // The consent records stay as the venue's proof, under the address's hash, still found by it.
    expect(after.consents).toHaveLength(4);
  });
});

