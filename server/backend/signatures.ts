import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getBackendToken } from './token';

type Part = string | number;

/**
 * The signature of a link the site e-mails, texts or prints (a staff answer, a reminder, a
 * waiting-list offer, a no-show fee, an unsubscribe, a promo redemption): HMAC-SHA256 under
 * the backend token of the link's purpose and parts joined by NUL, as 32 base64url characters.
 * It proves only that this site made the link, never who holds it. The bytes are those every
 * link has always been signed with, so links in messages already sent keep working.
 */
export const linkSignature = (purpose: string, ...parts: Part[]) =>
  createHmac('sha256', getBackendToken()).update([purpose, ...parts].join('\u0000')).digest('base64url').slice(0, 32);

/** Whether `signature` is this link's (compared in constant time). */
export function isLinkSignature(signature: string | null | undefined, purpose: string, ...parts: Part[]): boolean {
  if (!signature) return false;
  const expected = Buffer.from(linkSignature(purpose, ...parts));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
