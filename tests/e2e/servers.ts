/**
 * The three sites the end-to-end tests run against, all from one production build:
 * the built-in backend on embedded PGlite, the built-in backend on a real PostgreSQL
 * server, and a site in legacy mode whose backend is the first site's contract API.
 */
export const E2E_TOKEN = 'e2e-backend-token';

export const sites = {
  builtin: { port: 3101 },
  postgres: { port: 3102 },
  legacy: { port: 3103 },
} as const;

export type SiteName = keyof typeof sites;
export const siteUrl = (name: SiteName, host = 'localhost') => `http://${host}:${sites[name].port}`;
