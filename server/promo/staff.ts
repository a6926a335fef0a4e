import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { getBackendToken } from '@/server/backend/token';

/**
 * Redemption by the venue's staff (issue 16, beyond the spec). The QR code of a promo code
 * holds a signed redemption URL; staff who open it on a device signed in with the venue
 * token can mark the code used. Every secret here is derived from the backend token
 * (BACKEND_TOKEN, or DATA_DIR/backend-token): rotating it rotates them all.
 */
const derive = (purpose: string, value: string) => createHmac('sha256', getBackendToken()).update(`${purpose}\u0000${value}`).digest('base64url');

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The venue token staff type in once per device: one per venue host (`npm run promo:staff-token -- host`). */
export const venueStaffToken = (venueKey: string) => derive('promo-staff-token', venueKey).slice(0, 32);
export const isVenueStaffToken = (venueKey: string, token: string) => same(venueStaffToken(venueKey), token.trim());

/** The staff cookie's value: proves the device was signed in for this venue, without holding the token. */
export const STAFF_COOKIE = 'frontpage-promo-staff';
export const STAFF_SESSION_SECONDS = 12 * 3600;
export const staffSession = (venueKey: string) => derive('promo-staff-session', venueKey);
export const isStaffSession = (venueKey: string, value: string | undefined) => Boolean(value) && same(staffSession(venueKey), value!);

/** The signature of a code's redemption link, so only links the site made are honoured. */
export const redeemSignature = (venueKey: string, id: string) => derive('promo-redeem', `${venueKey}\u0000${id}`).slice(0, 32);
export const isRedeemSignature = (venueKey: string, id: string, signature: string | null | undefined) => Boolean(signature) && same(redeemSignature(venueKey, id), signature!);

/** The path the QR code points to (made absolute by the caller). */
export const redeemPath = (venueKey: string, urlName: string, id: string) =>
  `/frontpage/promo/${encodeURIComponent(urlName)}/${encodeURIComponent(id)}/redeem?s=${redeemSignature(venueKey, id)}`;
