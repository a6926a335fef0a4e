import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getBackendToken } from '@/server/backend/token';

/**
 * Redemption by the venue's staff (issue 16, beyond the spec). The QR code of a promo code
 * holds a signed redemption URL; staff who open it on a device signed in to the venue (a
 * staff session, server/staff/sessions.ts) can mark the code used. The link's signature is
 * derived from the backend token (BACKEND_TOKEN, or DATA_DIR/backend-token); it proves only
 * that the site made the link, never who may redeem.
 */
const derive = (purpose: string, value: string) => createHmac('sha256', getBackendToken()).update(`${purpose}\u0000${value}`).digest('base64url');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The signature of a code's redemption link, so only links the site made are honoured. */
export const redeemSignature = (venueKey: string, id: string) => derive('promo-redeem', `${venueKey}\u0000${id}`).slice(0, 32);
export const isRedeemSignature = (venueKey: string, id: string, signature: string | null | undefined) => Boolean(signature) && same(redeemSignature(venueKey, id), signature!);

/** The path the QR code points to (made absolute by the caller). */
export const redeemPath = (venueKey: string, urlName: string, id: string) =>
  `/frontpage/promo/${encodeURIComponent(urlName)}/${encodeURIComponent(id)}/redeem?s=${redeemSignature(venueKey, id)}`;
