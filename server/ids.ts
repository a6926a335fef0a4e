import 'server-only';
import { randomBytes } from 'node:crypto';

/** Public identifiers (`hash`, `fingerprint`, promo `id`): 128 random bits, URL-safe. */
export function publicId(): string {
  return randomBytes(16).toString('base64url');
}
