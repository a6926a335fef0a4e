import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { messages } from './helpers';
import { E2E_ADMIN_TOKEN, siteUrl } from './servers';

/**
 * Passkeys for staff devices (issue 44) on a venue of its own (passkey.localhost), at 360 px, in
 * Chromium with a virtual authenticator (CDP `WebAuthn.addVirtualAuthenticator`, a phone's
 * built-in one: resident keys, user verification): signed in once with the venue credential,
 * the phone registers itself at the end of its sheet; signed out (its cookie gone), it signs in
 * again with "Use the passkey", typing nothing. Both pages axe-clean.
 */
const HOST = 'passkey.localhost';
const origin = siteUrl('builtin', HOST);
const it = messages('it');
let token = '';

test.beforeAll(async ({ request }) => {
  const file = JSON.parse(fs.readFileSync(path.join(__dirname, '../fixtures/venue-seconda.json'), 'utf8'));
  const venue = { ...file, slug: 'passkey-e2e', name: 'Osteria Passkey', hosts: [HOST], default: false };
  const imported = await request.post(`${siteUrl('builtin')}/api/admin/venues`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: venue });
  expect(imported.ok(), await imported.text()).toBe(true);
  const minted = await request.post(`${siteUrl('builtin')}/api/admin/venue-token`, { headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` }, data: { host: HOST } });
  expect(minted.ok(), await minted.text()).toBe(true);
  token = ((await minted.json()) as { data: { token: string } }).data.token;
});

const axeClean = async (page: Page) => expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);

test('register this phone with a passkey, then sign in with it without typing the credential; axe-clean at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const phone = await context.newPage();
  const cdp = await context.newCDPSession(phone);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  // The sign-in page offers the passkey first (the browser has passkeys).
  await phone.goto(`${origin}/it/staff`);
  const usePasskey = phone.getByRole('button', { name: it('promo.staff.passkeySignIn') });
  await expect(usePasskey).toBeVisible();
  expect((await usePasskey.boundingBox())!.y).toBeLessThan((await phone.getByLabel(it('promo.staff.tokenLabel')).boundingBox())!.y);
  await axeClean(phone);

  // A first sign-in with the venue credential, then "Register this device" at the end of the sheet.
  await phone.getByLabel(it('promo.staff.tokenLabel')).fill(token);
  await phone.getByRole('button', { name: it('promo.staff.signIn'), exact: true }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(it('staffArea.title'));
  const register = phone.getByRole('button', { name: it('staffArea.passkey.button') });
  await register.click();
  await expect(phone.getByRole('status').filter({ hasText: it('staffArea.passkey.done') })).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: HOST });
  // Sign-out is kept, after the device's actions, not the first thing on the screen.
  const signOut = phone.getByRole('button', { name: it('staffArea.signOut') });
  expect((await signOut.boundingBox())!.y).toBeGreaterThan((await register.boundingBox())!.y);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await axeClean(phone);

  // The session gone (a new day, the cookie expired): the passkey signs the phone in again.
  await context.clearCookies();
  await phone.goto(`${origin}/it/staff`);
  await expect(phone.getByLabel(it('promo.staff.tokenLabel'))).toBeVisible();
  await phone.getByRole('button', { name: it('promo.staff.passkeySignIn') }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(it('staffArea.title'));
  await expect(phone.getByRole('button', { name: it('staffArea.passkey.button') })).toBeVisible();
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0].signCount).toBeGreaterThan(credentials[0].signCount);
  await context.close();
});
