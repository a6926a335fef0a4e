import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { outbox } from '@/server/db/schema';
import { enqueueEmail } from '@/server/outbox/enqueue';
import { DRIVERS, migratedDataDir, openTestDatabase, tempDir } from '../helpers/databases';

const PROVIDER_ENV = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'RECAPTCHA_SITE_KEY_V3',
  'RECAPTCHA_SECRET_KEY_V3',
  'RECAPTCHA_SITE_KEY_V2',
  'RECAPTCHA_SECRET_KEY_V2',
  'SMS_URL',
  'SMS_TOKEN',
  'SMTP_URL',
  'BACKEND_URL',
];

type Shared = typeof globalThis & { __frontpageDb?: unknown; __frontpageShutdown?: unknown };

/** A live process that holds the embedded database's lock in `dataDir`: the database cannot be opened. */
function holdLock(dataDir: string) {
  const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  fs.writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: holder.pid }));
  return holder;
}

/** `GET /api/health` (readiness) and `GET /api/health/live` (liveness). */
describe('health check', () => {
  beforeEach(() => {
    jest.resetModules();
    process.env.LOG_LEVEL = 'silent';
    delete process.env.DATABASE_URL;
    for (const key of PROVIDER_ENV) delete process.env[key];
    delete (globalThis as Shared).__frontpageDb;
    delete (globalThis as Shared).__frontpageShutdown;
  });
  afterAll(() => {
    for (const key of PROVIDER_ENV) delete process.env[key];
  });

  async function closeDb() {
    const { getDatabaseHandle } = await import('@/server/db/client');
    await (await getDatabaseHandle()).close();
  }

  /** Opens (and migrates) the database first: readiness allows a query 3 s, not a first start on a loaded machine. */
  async function openDb() {
    const { getDatabaseHandle } = await import('@/server/db/client');
    await getDatabaseHandle();
  }

  it('answers 200 with the database, the outbox backlog and the local stand-ins', async () => {
    process.env.DATA_DIR = migratedDataDir();
    await openDb();
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.json()).toEqual({
      status: 'ok',
      database: { status: 'up', driver: 'pglite' },
      backend: 'builtin',
      outbox: { queued: 0, failed: 0, oldestQueuedSeconds: null },
      failingRefunds: 0,
      payments: { retrying: 0, overdue: 0, failed: 0 },
      housekeeping: { lastRunAt: null, lastRunFailures: 0, failuresSinceStart: 0, lastFailure: null },
      providers: { payments: 'local', botCheck: 'local', sms: 'local', email: 'local' },
      localStandIns: ['payments', 'botCheck', 'sms', 'email'],
    });
    await closeDb();
  });

  it('names the real providers when they are configured, and never a key, token or URL', async () => {
    process.env.DATA_DIR = migratedDataDir();
    const secrets: Record<string, string> = {
      STRIPE_SECRET_KEY: 'sk_test_health_secret_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_health_public_2',
      STRIPE_WEBHOOK_SECRET: 'whsec_health_secret_3',
      RECAPTCHA_SITE_KEY_V3: 'site-v3-health-4',
      RECAPTCHA_SECRET_KEY_V3: 'secret-v3-health-5',
      RECAPTCHA_SITE_KEY_V2: 'site-v2-health-6',
      RECAPTCHA_SECRET_KEY_V2: 'secret-v2-health-7',
      SMS_URL: 'https://sms.example.com/send?key=health8',
      SMS_TOKEN: 'sms-token-health-9',
      SMTP_URL: 'smtp://mailer:password-health-10@mail.example.com:587',
    };
    Object.assign(process.env, secrets);
    await openDb();
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    const text = await response.text();
    expect(JSON.parse(text).providers).toEqual({ payments: 'stripe', botCheck: 'recaptcha', sms: 'gateway', email: 'smtp' });
    expect(JSON.parse(text).localStandIns).toEqual([]);
    for (const value of Object.values(secrets)) expect(text).not.toContain(value);
    expect(text).not.toMatch(/example\.com|password|token-health/);
    await closeDb();
  });

  it('stops a start with REQUIRE_REAL_PROVIDERS=true while any local stand-in runs, naming each; warns once in production', async () => {
    const { checkProviders } = await import('@/server/runtime/config');
    expect(() => checkProviders({ REQUIRE_REAL_PROVIDERS: 'true', SMTP_URL: 'smtp://x' })).toThrow(/REQUIRE_REAL_PROVIDERS=true, but these run as local stand-ins:\n {2}- payments: .*\n {2}- botCheck: .*\n {2}- sms: /);
    const all = { STRIPE_SECRET_KEY: 'a', RECAPTCHA_SITE_KEY_V3: 'b', RECAPTCHA_SECRET_KEY_V3: 'c', RECAPTCHA_SITE_KEY_V2: 'd', RECAPTCHA_SECRET_KEY_V2: 'e', SMS_URL: 'f', SMTP_URL: 'g' };
    expect(() => checkProviders({ REQUIRE_REAL_PROVIDERS: 'true', ...all })).not.toThrow();
    const written: string[] = [];
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => (written.push(String(chunk)), true));
    const level = process.env.LOG_LEVEL;
    delete process.env.LOG_LEVEL;
    try {
      checkProviders({ NODE_ENV: 'production', SMTP_URL: 'smtp://x' });
      checkProviders({ NODE_ENV: 'development' });
    } finally {
      spy.mockRestore();
      if (level === undefined) delete process.env.LOG_LEVEL;
      else process.env.LOG_LEVEL = level;
    }
    expect(written).toHaveLength(1);
    expect(written[0]).toMatch(/local_stand_ins.*payments,botCheck,sms/);
  });

  it('reports a partial reCAPTCHA configuration as misconfigured', async () => {
    const { providersFromEnv } = await import('@/server/runtime/health');
    expect(providersFromEnv({ RECAPTCHA_SECRET_KEY_V3: 'x' }).botCheck).toBe('misconfigured');
  });

  it('answers 503 when the database cannot be reached', async () => {
    // The embedded database is held by another (live) process.
    const dataDir = tempDir();
    const holder = holdLock(dataDir);
    process.env.DATA_DIR = dataDir;
    try {
      const { GET } = await import('@/app/api/health/route');
      const response = await GET();
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ status: 'unavailable', database: { status: 'down', driver: 'pglite' }, outbox: null });
    } finally {
      holder.kill();
    }
  });

  it('answers 503 when PostgreSQL is down', async () => {
    process.env.DATA_DIR = tempDir();
    process.env.DATABASE_URL = 'postgres://postgres@127.0.0.1:1/none';
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'unavailable', database: { status: 'down', driver: 'postgres' } });
  });

  it('answers 503 once the process is shutting down, without touching the database', async () => {
    process.env.DATA_DIR = tempDir();
    (globalThis as Shared).__frontpageShutdown = { signal: 'SIGTERM' };
    const { GET } = await import('@/app/api/health/route');
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'shuttingDown', database: { status: 'closing', driver: 'pglite' }, outbox: null });
    expect((globalThis as Shared).__frontpageDb).toBeUndefined();
  });

  it('liveness answers 200 without the database, even when the database is down', async () => {
    const dataDir = tempDir();
    const holder = holdLock(dataDir);
    process.env.DATA_DIR = dataDir;
    try {
      const { GET } = await import('@/app/api/health/live/route');
      const response = GET();
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok', uptimeSeconds: expect.any(Number) });
      expect((globalThis as Shared).__frontpageDb).toBeUndefined();
    } finally {
      holder.kill();
    }
  });
});

describe.each(DRIVERS)('outbox backlog on %s', (driver) => {
  let handle: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  it('counts queued and failed messages and the age of the oldest queued one', async () => {
    const { outboxBacklog } = await import('@/server/runtime/health');
    const mail = (to: string) => ({ venueId: null, template: 'test', locale: 'it', to, subject: 's', text: 't' });
    const first = await enqueueEmail(handle.db, mail('a@example.com'));
    await enqueueEmail(handle.db, mail('b@example.com'));
    const gaveUp = await enqueueEmail(handle.db, mail('c@example.com'));
    const sent = await enqueueEmail(handle.db, mail('d@example.com'));
    await handle.db.update(outbox).set({ status: 'failed' }).where(eq(outbox.id, gaveUp));
    await handle.db.update(outbox).set({ status: 'sent' }).where(eq(outbox.id, sent));
    const [oldest] = await handle.db.select({ createdAt: outbox.createdAt }).from(outbox).where(eq(outbox.id, first));
    const now = new Date(oldest.createdAt.getTime() + 90_000);
    expect(await outboxBacklog(handle.db, now)).toEqual({ queued: 2, failed: 1, oldestQueuedSeconds: 90 });
  });
});
