/**
 * The three sites the end-to-end tests run against, all from one production build:
 * the built-in backend on embedded PGlite, the built-in backend on a real PostgreSQL
 * server, and a site in legacy mode whose backend is the first site's contract API.
 */
export const E2E_TOKEN = 'e2e-backend-token';
/** The admin token of the e2e sites (`/api/admin/venues`); the backend token does not open it. */
export const E2E_ADMIN_TOKEN = 'e2e-admin-token';

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
