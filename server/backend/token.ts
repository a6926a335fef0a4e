import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, createHash, timingSafeEqual } from 'node:crypto';
import { config } from '@/server/config';
import { log } from '@/lib/log';

let cached: string | undefined;

/**
 * The bearer token of the built-in backend: BACKEND_TOKEN, or a random one generated
 * on first start and kept in DATA_DIR/backend-token, so the API is never open.
 */
export function getBackendToken(): string {
  if (process.env.BACKEND_TOKEN) return process.env.BACKEND_TOKEN;
  if (cached) return cached;
  const file = path.join(config.dataDir, 'backend-token');
  try {
    cached = fs.readFileSync(file, 'utf8').trim();
    if (cached) return cached;
  } catch {
    // first start
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  cached = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, cached + '\n', { mode: 0o600 });
  log.info('backend_token_generated', { file, hint: 'set BACKEND_TOKEN to choose your own' });
  return cached;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares an `Authorization` header with the token in constant time. */
export function isAuthorized(header: string | null): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  if (!match) return false;
  return timingSafeEqual(digest(match[1].trim()), digest(getBackendToken()));
}
