/**
 * Starts one site for the end-to-end tests: `tsx scripts/e2e-server.ts builtin|postgres|legacy`.
 * Each gets a fresh data directory under .tmp/e2e; `postgres` also starts a throwaway
 * PostgreSQL server, stopped with the site.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { startThrowawayPostgres, type ThrowawayServer } from '../tests/helpers/postgres-server';
import { E2E_ADMIN_TOKEN, E2E_TOKEN, siteUrl, sites, type SiteName } from '../tests/e2e/servers';
import { envName, LIMIT_NAMES, LIMITS } from '../server/limits-config';

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
    // The whole suite is one address (127.0.0.1) making thousands of calls: these sites raise every
    // abuse limit out of its way; tests/e2e/security.spec.ts meets the real ones on a site of its own.
    ...Object.fromEntries(LIMIT_NAMES.map((limit) => [envName(limit), `1000000/${LIMITS[limit].windowSeconds}`])),
  };
  delete env.DATABASE_URL;
  delete env.BACKEND_URL;
  if (name === 'postgres') {
    postgres = await startThrowawayPostgres();
    env.DATABASE_URL = postgres.url;
    // This site takes card guarantees through the real Stripe code, against a local stand-in
    // for api.stripe.com (Stripe.js itself cannot load offline), and its SMS codes expire
    // after 5 seconds so the expiry can be walked.
    const stripe = await startFakeStripe();
    Object.assign(env, { STRIPE_SECRET_KEY: 'sk_test_e2e', STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e', STRIPE_WEBHOOK_SECRET: 'whsec_e2e', STRIPE_API_BASE: stripe, SMS_CODE_TTL_SECONDS: '5' });
  }
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

/** Answers the SetupIntent calls the site makes, as api.stripe.com would. */
async function startFakeStripe(): Promise<string> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = req.method === 'POST' ? `seti_e2e${++n}` : (req.url ?? '').split('/').pop();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id, object: 'setup_intent', client_secret: `${id}_secret_e2e`, status: 'requires_payment_method', payment_method: null, last_setup_error: null, metadata: {}, usage: 'off_session' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
