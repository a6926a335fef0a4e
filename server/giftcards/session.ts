import 'server-only';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { cookies } from 'next/headers';
import { getIronSession, type SessionOptions } from 'iron-session';
import { config } from '@/server/runtime/config';
import { log } from '@/lib/log';
import { readSecretFile, writeSecretFile } from '@/server/runtime/secret-file';

let cached: string | undefined;

/**
 * The key of the encrypted session cookies: SESSION_SECRET, or a random one generated on
 * first start and kept in DATA_DIR/session-secret (as the backend token is), so that every
 * process sharing DATA_DIR reads the same cookies.
 */
export function sessionSecret(): string {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('SESSION_SECRET must be at least 32 characters long');
    return fromEnv;
  }
  if (cached) return cached;
  const file = path.join(config.dataDir, 'session-secret');
  const stored = readSecretFile(file);
  if (stored && stored.length >= 32) return (cached = stored);
  // Of two processes starting at once, one writes; the other reads what it wrote (server/runtime/secret-file.ts).
  const written = writeSecretFile(file, randomBytes(32).toString('base64url'));
  if (written.created) log.info('session_secret_generated', { file, hint: 'set SESSION_SECRET to choose your own' });
  cached = written.secret;
  return written.secret;
}

/** What the gift card checkout keeps between its steps: never in the URL (issue 15). */
export type GiftcardSession = {
  /** The checkout form as typed (consents excepted), so a cancelled payment comes back to it filled in. */
  form?: Record<string, string>;
  /** The last purchase's fingerprint, for the routes whose `{fingerprint?}` is left out. */
  fingerprint?: string;
};

const options = (): SessionOptions => ({
  password: sessionSecret(),
  cookieName: 'frontpage_giftcard',
  ttl: 60 * 60 * 24,
  cookieOptions: { httpOnly: true, sameSite: 'lax', secure: process.env.NODE_ENV === 'production', path: '/' },
});

export async function giftcardSession() {
  return getIronSession<GiftcardSession>(await cookies(), options());
}
