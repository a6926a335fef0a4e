import 'server-only';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';

/**
 * Redemption by the venue's staff (issue 16, beyond the spec). The QR code of a promo code
 * holds a signed redemption URL; staff who open it on a device signed in to the venue (a
 * staff session, server/staff/sessions.ts) can mark the code used. The link's signature is
 * derived from the backend token (BACKEND_TOKEN, or DATA_DIR/backend-token); it proves only
 * that the site made the link, never who may redeem.
 */
/** The signature of a code's redemption link, so only links the site made are honoured. */
export const redeemSignature = (venueKey: string, id: string) => linkSignature('promo-redeem', venueKey, id);
export const isRedeemSignature = (venueKey: string, id: string, signature: string | null | undefined) => isLinkSignature(signature, 'promo-redeem', venueKey, id);

/** The path the QR code points to (made absolute by the caller). */
export const redeemPath = (venueKey: string, urlName: string, id: string) =>
  `/frontpage/promo/${encodeURIComponent(urlName)}/${encodeURIComponent(id)}/redeem?s=${redeemSignature(venueKey, id)}`;
