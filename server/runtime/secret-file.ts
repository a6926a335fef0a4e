import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Every generated secret file (backend and admin tokens, the local webhook secret, the session
 * secret) is written here: created exclusively, mode 0600, whole or not at all. The secret is
 * written to a private temporary file first and then linked into place, which fails when the
 * file exists; so of two processes starting at once one secret wins, the other reads it, and
 * nobody ever reads a half-written file or overwrites a secret already in use.
 *
 * Answers the secret in the file: `secret` when this call created it, else the one found.
 */
export function writeSecretFile(file: string, secret: string): { secret: string; created: boolean } {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(temp, secret + '\n', { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
    return { secret, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const found = readSecretFile(file);
    if (!found) throw new Error(`${file} exists but holds no secret: remove it, or set the variable`);
    return { secret: found, created: false };
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** The secret in `file` (trimmed), or null when there is none; a file others may read is made private (0600). */
export function readSecretFile(file: string): string | null {
  let value: string;
  try {
    value = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  } catch {
    // Not ours to change (a read-only mount): still readable.
  }
  return value || null;
}
