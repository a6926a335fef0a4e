/**
 * Starts one site for the end-to-end tests: `tsx scripts/e2e-server.ts builtin|postgres|legacy`.
 * Each gets a fresh data directory under .tmp/e2e; `postgres` also starts a throwaway
 * PostgreSQL server, stopped with the site.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startThrowawayPostgres, type ThrowawayServer } from '../tests/helpers/postgres-server';
import { E2E_TOKEN, siteUrl, sites, type SiteName } from '../tests/e2e/servers';

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
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'silent',
  };
  delete env.DATABASE_URL;
  delete env.BACKEND_URL;
  if (name === 'postgres') {
    postgres = await startThrowawayPostgres();
    env.DATABASE_URL = postgres.url;
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
