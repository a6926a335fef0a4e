import { defineConfig } from '@playwright/test';
import { siteUrl, type SiteName } from './tests/e2e/servers';

/** A real Chromium from Debian (`apt-get install -y chromium`); Playwright's own download is not used. */
const chromium = {
  browserName: 'chromium' as const,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};

const server = (name: SiteName) => ({
  command: `node node_modules/tsx/dist/cli.mjs --conditions=react-server scripts/e2e-server.ts ${name}`,
  url: `${siteUrl(name)}/api/health`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // SIGTERM lets scripts/e2e-server.ts stop the site and then its PostgreSQL server (SIGKILL would leave it running).
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
});

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  // The legacy site reads its data from the built-in site's contract API, so it starts last.
  webServer: [server('builtin'), server('postgres'), server('legacy')],
  use: { ...chromium, trace: 'retain-on-failure' },
  projects: [
    { name: 'builtin', testMatch: /(shell|smoke|agents|layout-shift|backend-api|fidelity|promo|reservation|reservation-walks|trust|internal-paths|security|experiences|guest-ux|guest-widths|guest-days|guest-photos|giftcards|embed|staff|staff-sheet|staff-bookings|staff-pairing|staff-saturday|staff-tables|staff-passkeys|cross-site|fast-path|origins|venue-sole|wallet|phone-targets)\.spec\.ts/, use: { ...chromium, baseURL: siteUrl('builtin') } },
    { name: 'postgres', testMatch: /(smoke|backend-api|trust-stripe|giftcards-stripe)\.spec\.ts/, use: { ...chromium, baseURL: siteUrl('postgres') } },
    { name: 'legacy', testMatch: /(smoke|legacy|internal-paths|experiences|front-sales|front-links)\.spec\.ts/, use: { ...chromium, baseURL: siteUrl('legacy') } },
    // Starts its own servers (ports E2E_PORT_BASE+10 on), one per bind address.
    { name: 'binds', testMatch: /binds\.spec\.ts/, use: { ...chromium } },
    // Starts its own legacy-mode site (E2E_PORT_BASE+30) against a stub backend it controls (+31).
    { name: 'backend-down', testMatch: /backend-down\.spec\.ts/, use: chromium },
    // Starts its own legacy-mode site (E2E_PORT_BASE+50) against a stand-in backend answering maps and strings (+51).
    { name: 'legacy-maps', testMatch: /experiences-legacy-maps\.spec\.ts/, use: chromium },
    // Sites these specs start themselves (ports E2E_PORT_BASE+40..49): shutdown, two instances on one PostgreSQL (a third, +41, started later), the abuse limits (+47, +48).
    { name: 'operations', testMatch: /(shutdown|two-instances|abuse)\.spec\.ts/, use: chromium },
  ],
});

