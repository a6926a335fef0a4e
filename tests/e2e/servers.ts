/**
 * The three sites the end-to-end tests run against, all from one production build:
 * the built-in backend on embedded PGlite, the built-in backend on a real PostgreSQL
 * server, and a site in legacy mode whose backend is the first site's contract API.
 */
import fs from 'node:fs';
import path from 'node:path';

export const E2E_TOKEN = 'e2e-backend-token';
/** The admin token of the e2e sites (`/api/admin/venues`); the backend token does not open it. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';
/** The link secret of the e2e backends (LINK_SECRET: the key of every signed link); a front has none. */
export const E2E_LINK_SECRET = 'e2e-link-secret-of-the-builtin-backends-only';

/** `E2E_PORT_BASE` (default 3100) moves every site, so two checkouts can run their suites side by side. */
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE) || 3100;
const base = E2E_PORT_BASE;

export const sites = {
  builtin: { port: base + 1 },
  postgres: { port: base + 2 },
  legacy: { port: base + 3 },
} as const;

export type SiteName = keyof typeof sites;
/** Ports from base+10 on: servers a spec starts and stops itself (binds.spec.ts), clear of the three sites. */
export const ownServerPort = (n: number) => base + 10 + n;
export const siteUrl = (name: SiteName, host = 'localhost') => `http://${host}:${sites[name].port}`;

/** The file whose milliseconds a site adds to its clock (server/clock.ts, `CLOCK_OFFSET_FILE`). */
export const clockOffsetFile = (name: SiteName) => path.join(__dirname, '..', '..', '.tmp', 'e2e', name, 'clock-offset-ms');

/**
 * Moves the clock of the site at `baseURL` forward by `ms` instead of waiting that long. The
 * site rereads the offset within 100 ms; it stays moved for the rest of the run (every test
 * on that site sees a clock a little ahead, as after a slow test).
 */
export async function moveServerClock(baseURL: string, ms: number): Promise<void> {
  const port = Number(new URL(baseURL).port);
  const name = (Object.keys(sites) as SiteName[]).find((site) => sites[site].port === port);
  if (!name) throw new Error(`no e2e site at ${baseURL}`);
  const file = clockOffsetFile(name);
  const current = fs.existsSync(file) ? Number(fs.readFileSync(file, 'utf8')) || 0 : 0;
  fs.writeFileSync(`${file}.tmp`, String(current + ms));
  fs.renameSync(`${file}.tmp`, file);
  await new Promise((resolve) => setTimeout(resolve, 250));
}
