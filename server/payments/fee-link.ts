import 'server-only';
import { isLinkSignature, linkSignature } from '@/server/backend/signatures';

/** The guest's signed link to a no-show fee their bank held back (server/payments/noshow.ts): no sign-in, one charge. */

/** The guest's link to authenticate a fee their bank held back: `/frontpage/fee/{id}?s=...`. */
export const feeLinkPath = (venueId: number, chargeId: number) => `/frontpage/fee/${chargeId}?s=${linkSignature('noshow-fee', venueId, chargeId)}`;

export function isSignedFeeLink(venueId: number, chargeId: number, signature: string): boolean {
  return isLinkSignature(signature, 'noshow-fee', venueId, chargeId);
}
