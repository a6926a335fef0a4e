import 'server-only';
import path from 'node:path';
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/server/runtime/config';
import { log } from '@/lib/log';
import { readSecretFile, writeSecretFile } from '@/server/runtime/secret-file';

const cached = new Map<string, string>();

/**
 * A secret from the environment, or a random one generated on first start and kept in
 * DATA_DIR/`file` (exclusive create, mode 0600: server/runtime/secret-file.ts), so what it guards is never open.
 */
export function storedSecret(variable: string, file: string, event: string): string {
  const fromEnv = process.env[variable]?.trim();
  if (fromEnv) return fromEnv;
  const where = path.join(config.dataDir, file);
  const known = cached.get(where);
  if (known) return known;
  const stored = readSecretFile(where);
  if (stored) {
    cached.set(where, stored);
    return stored;
  }
  const written = writeSecretFile(where, randomBytes(24).toString('base64url'));
  cached.set(where, written.secret);
  if (!written.created) return written.secret;
  log.info(event, { file: where, hint: `set ${variable} to choose your own` });
  return written.secret;
}

/**
 * The bearer token of the built-in backend's contract API (`/backend/api/frontpage/*`):
 * BACKEND_TOKEN, or one generated on first start and kept in DATA_DIR/backend-token.
 */
export function getBackendToken(): string {
  return storedSecret('BACKEND_TOKEN', 'backend-token', 'backend_token_generated');
}

/**
 * The bearer token of the admin API (`/api/admin/venues`, used by `npm run venue:import`):
 * ADMIN_TOKEN, or one generated on first start and kept in DATA_DIR/admin-token. It is a
 * token of its own: an import can put scripts on every page of a venue, which the contract
 * API's clients must not be able to do.
 */
export function getAdminToken(): string {
  return storedSecret('ADMIN_TOKEN', 'admin-token', 'admin_token_generated');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

function matches(header: string | null, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1].trim()), digest(token));
}

/** Compares an `Authorization` header with the backend token in constant time. */
export function isAuthorized(header: string | null): boolean {
  return matches(header, getBackendToken());
}

/** Compares an `Authorization` header with the admin token in constant time (the backend token does not open it). */
export function isAdminAuthorized(header: string | null): boolean {
  return matches(header, getAdminToken());
}
