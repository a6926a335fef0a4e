import 'server-only';
import path from 'node:path';
import { BACKEND_TIMEOUT_MS } from '@/lib/backend/legacy';
import { localhostVenueHost } from '@/lib/venue/host';
import { localStandIns, providersFromEnv, STAND_IN_NOTES } from '@/server/runtime/providers';
import { log } from '@/lib/log';

/** Server configuration from the environment; README.md lists every variable. */
export const config = {
  get dataDir() {
    return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || './data');
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || undefined;
  },
  get backendUrl() {
    return process.env.BACKEND_URL?.replace(/\/+$/, '') || undefined;
  },
  /** The legacy backend and its bearer token, when BACKEND_URL is set (checkConfig makes sure the token is too). */
  get legacyBackend() {
    const baseUrl = this.backendUrl;
    return baseUrl ? { baseUrl, token: process.env.BACKEND_TOKEN ?? '' } : undefined;
  },
  /** Time-out of one legacy backend call; spec section 7 says 30 s. */
  get backendTimeoutMs() {
    const ms = Number(process.env.BACKEND_TIMEOUT_MS);
    return Number.isFinite(ms) && ms > 0 ? ms : BACKEND_TIMEOUT_MS;
  },
  /** A front (BACKEND_URL set) holds no venues of its own: the demo venue is never seeded there. */
  get seedDemo() {
    return !this.backendUrl && process.env.SEED_DEMO !== 'false';
  },
  get port() {
    return Number(process.env.PORT) || 3000;
  },
};

/**
 * Settings that cannot work stop the server at start with the reason, instead of failing
 * on the first request: a legacy backend needs its bearer token, and LOCALHOST_VENUE_HOST
 * must be a host name (localhostVenueHost throws otherwise).
 */
export function checkConfig(): void {
  if (config.backendUrl && !process.env.BACKEND_TOKEN?.trim()) {
    throw new Error('BACKEND_URL is set but BACKEND_TOKEN is not: set BACKEND_TOKEN to the legacy backend\'s bearer token.');
  }
  localhostVenueHost();
  checkProviders();
  if (process.env.CLOCK_OFFSET_FILE) log.warn('clock_offset_file', { file: process.env.CLOCK_OFFSET_FILE, note: 'tests only: this server\'s clock is moved by that file (server/clock.ts)' });
}

/**
 * Local stand-ins in production: `REQUIRE_REAL_PROVIDERS=true` stops the start while any runs
 * (the message names each and what replaces it); otherwise a production start warns once,
 * naming each. `/api/health` lists them too (`localStandIns`).
 */
export function checkProviders(env: Record<string, string | undefined> = process.env): void {
  const standIns = localStandIns(providersFromEnv(env));
  if (!standIns.length) return;
  if (env.REQUIRE_REAL_PROVIDERS === 'true') {
    throw new Error(`REQUIRE_REAL_PROVIDERS=true, but these run as local stand-ins:\n  - ${standIns.map((s) => STAND_IN_NOTES[s]).join('\n  - ')}`);
  }
  if (env.NODE_ENV === 'production') log.warn('local_stand_ins', { standIns: standIns.join(','), notes: standIns.map((s) => STAND_IN_NOTES[s]).join('; ') });
}

/** Files the server reads at run time, relative to the project root. */
export const projectPath = (...parts: string[]) => path.join(/*turbopackIgnore: true*/ process.cwd(), ...parts);
