import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { getBackendToken, storedSecret } from './token';

type Part = string | number;

/** The purposes a link is signed for; each has a key of its own. */
export type LinkPurpose =
  | 'staff-answer-link'
  | 'booking-reminder'
  | 'waitlist-offer'
  | 'noshow-fee'
  | 'fidelity-unsubscribe'
  | 'promo-unsubscribe'
  | 'promo-redeem'
  | 'wallet-pass';

/**
 * The site's link secret (docs/security.md, "Signed links"): LINK_SECRET, or one generated on
 * first start and kept in DATA_DIR/link-secret. It is never the backend token, which every
 * front holds: a front could otherwise sign a venue's confirm link.
 */
export function getLinkSecret(): string {
  const secret = storedSecret('LINK_SECRET', 'link-secret', 'link_secret_generated');
  if (secret.length < 32) throw new Error('LINK_SECRET must be at least 32 characters long');
  if (secret === getBackendToken()) throw new Error('LINK_SECRET must not be the backend token: every front holds that one');
  return secret;
}

/** The secrets a link may have been signed with: the current one, then LINK_SECRET_PREVIOUS (comma-separated) during a rotation. */
function linkSecrets(): string[] {
  const previous = (process.env.LINK_SECRET_PREVIOUS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return [getLinkSecret(), ...previous];
}

const keys = new Map<string, Buffer>();

/** One key per purpose, derived from the secret with HKDF-SHA256 (RFC 5869): a signature of one purpose says nothing of another. */
function purposeKey(secret: string, purpose: LinkPurpose): Buffer {
  const id = `${purpose}\u0000${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'frontpage-link-keys', `link:${purpose}`, 32));
    keys.set(id, key);
  }
  return key;
}

const sign = (secret: string, purpose: LinkPurpose, parts: Part[]) =>
  createHmac('sha256', purposeKey(secret, purpose)).update([purpose, ...parts].join('\u0000')).digest('base64url').slice(0, 32);

/**
 * The signature of a link the site e-mails, texts or prints (a staff answer, a reminder, a
 * waiting-list offer, a no-show fee, an unsubscribe, a promo redemption): HMAC-SHA256 of the
 * link's purpose and parts joined by NUL, under the purpose's key, as 32 base64url characters.
 * It proves only that this site made the link, never who holds it. Links are checked where
 * they were made (the backend's contract calls), so a front never needs the secret.
 */
export const linkSignature = (purpose: LinkPurpose, ...parts: Part[]) => sign(getLinkSecret(), purpose, parts);

/** Whether `signature` is this link's under the current secret or a previous one (compared in constant time). */
export function isLinkSignature(signature: string | null | undefined, purpose: LinkPurpose, ...parts: Part[]): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature);
  let valid = false;
  for (const secret of linkSecrets()) {
    const expected = Buffer.from(sign(secret, purpose, parts));
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
