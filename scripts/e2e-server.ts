/**
 * Starts one site for the end-to-end tests: `tsx scripts/e2e-server.ts builtin|postgres|legacy`.
 * Each gets a fresh data directory under .tmp/e2e; `postgres` also starts a throwaway
 * PostgreSQL server, stopped with the site.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startThrowawayPostgres, type ThrowawayServer } from '../tests/helpers/postgres-server';
import { clockOffsetFile, E2E_ADMIN_TOKEN, E2E_LINK_SECRET, E2E_TOKEN, siteUrl, sites, type SiteName } from '../tests/e2e/servers';
import { envName, LIMIT_NAMES, LIMITS } from '@/server/limits/config';
import { fakeStripe } from '../tests/helpers/fake-stripe';

const root = path.resolve(__dirname, '..');
const name = process.argv[2] as SiteName;
if (!(name in sites)) {
  console.error(`usage: tsx scripts/e2e-server.ts ${Object.keys(sites).join('|')}`);
  process.exit(2);
}

async function main() {
  const dataDir = path.join(root, '.tmp', 'e2e', name);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });

  let postgres: ThrowawayServer | undefined;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(sites[name].port),
    DATA_DIR: dataDir,
    BACKEND_TOKEN: E2E_TOKEN,
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
    // Tests move this site's clock forward instead of waiting (moveServerClock in tests/e2e/servers.ts).
    CLOCK_OFFSET_FILE: clockOffsetFile(name),
    // The whole suite is one address (127.0.0.1) making thousands of calls: these sites raise every
    // abuse limit out of its way; tests/e2e/security.spec.ts meets the real ones on a site of its own.
    ...Object.fromEntries(LIMIT_NAMES.map((limit) => [envName(limit), `1000000/${LIMITS[limit].windowSeconds}`])),
  };
  delete env.DATABASE_URL;
  delete env.BACKEND_URL;
  if (name === 'postgres') {
    postgres = await startThrowawayPostgres();
    env.DATABASE_URL = postgres.url;
    // This site takes card guarantees and sells gift cards through the real Stripe code, against
    // a local stand-in for api.stripe.com and Checkout's hosted page (tests/helpers/fake-stripe.ts;
    // Stripe.js itself cannot load offline), and its SMS codes expire after 5 seconds so the
    // expiry can be walked.
    const webhookSecret = 'whsec_e2e';
    const fake = await fakeStripe({ secretKeys: ['sk_test_e2e'], webhook: { url: `${siteUrl(name)}/api/payments/webhook`, secret: webhookSecret } });
    fake.unref();
    const stripe = fake.url;
    Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_BASE: stripe, SMS_CODE_TTL_SECONDS: '5' });
  }
  // The legacy site is a front of the built-in one: the built-in backend asks it to refresh after a venue import.
  if (name === 'builtin') env.FRONT_URLS = siteUrl('legacy');
  // The backends sign the links they e-mail; the front checks none itself (the backend does), so it holds no link secret.
  if (name !== 'legacy') env.LINK_SECRET = E2E_LINK_SECRET;
  else delete env.LINK_SECRET;
  if (name === 'legacy') {
    env.BACKEND_URL = siteUrl('builtin');
    env.SEED_DEMO = 'false';
  }

  const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  const server = spawn(process.execPath, [next, 'start', '-p', String(sites[name].port)], { cwd: root, env, stdio: 'inherit' });
  const stop = () => {
    server.kill('SIGTERM');
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, stop);
  server.on('exit', (code) => {
    postgres?.stop();
    process.exit(code ?? 0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
