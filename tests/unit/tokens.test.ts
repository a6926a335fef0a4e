import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe('the backend and admin tokens', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontpage-tokens-'));
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    process.env.LOG_LEVEL = 'silent';
    delete process.env.ADMIN_TOKEN;
    process.env.BACKEND_TOKEN = 'the-backend-token';
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('generates the admin token once, keeps it in DATA_DIR/admin-token (0600), and the backend token does not open admin', async () => {
    const { getAdminToken, isAdminAuthorized, isAuthorized } = await import('@/server/backend/token');
    const admin = getAdminToken();
    expect(admin.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, 'admin-token');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(admin);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(getAdminToken()).toBe(admin);
    expect(isAdminAuthorized(`Bearer ${admin}`)).toBe(true);
    expect(isAdminAuthorized('Bearer the-backend-token')).toBe(false);
    expect(isAdminAuthorized(null)).toBe(false);
    expect(isAuthorized('Bearer the-backend-token')).toBe(true);
    expect(isAuthorized(`Bearer ${admin}`)).toBe(false);
  });

  it('takes ADMIN_TOKEN from the environment when set', async () => {
    process.env.ADMIN_TOKEN = 'chosen-admin-token';
    const { isAdminAuthorized } = await import('@/server/backend/token');
    expect(isAdminAuthorized('Bearer chosen-admin-token')).toBe(true);
    delete process.env.ADMIN_TOKEN;
  });
});

describe('the local payment provider webhook secret', () => {
  it('is random per data directory, never the old public default', async () => {
    const first = fs.mkdtempSync(path.join(os.tmpdir(), 'frontpage-whsec-'));
    const second = fs.mkdtempSync(path.join(os.tmpdir(), 'frontpage-whsec-'));
    delete process.env.LOCAL_PAYMENTS_WEBHOOK_SECRET;
    try {
      const { localWebhookSecret } = await import('@/server/payments/local');
      process.env.DATA_DIR = first;
      const a = localWebhookSecret();
      process.env.DATA_DIR = second;
      const b = localWebhookSecret();
      expect(a).not.toBe(b);
      expect([a, b]).not.toContain('whsec_local_test_mode');
      expect(fs.readFileSync(path.join(first, 'local-webhook-secret'), 'utf8').trim()).toBe(a);
      process.env.DATA_DIR = first;
      expect(localWebhookSecret()).toBe(a);
      // A webhook signed with the old public default is refused.
      const { localProvider } = await import('@/server/payments/local');
      const Stripe = (await import('stripe')).default;
      const body = JSON.stringify({ id: 'evt_forged', type: 'setup_intent.succeeded', created: 1, data: { object: { id: 'lseti_x', status: 'succeeded' } } });
      const forged = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_local_test_mode' });
      expect(() => localProvider(async () => { throw new Error('no db'); }).parseWebhook(body, forged)).toThrow();
    } finally {
      fs.rmSync(first, { recursive: true, force: true });
      fs.rmSync(second, { recursive: true, force: true });
    }
  });
});
