import type { VenueParams } from '@/app/_screens/shell/venue-context';

export type PromoParams = VenueParams & { urlName: string };
export type PromoCodeParams = PromoParams & { id: string };

/** The promotion's canonical path (the `/frontpage` prefix; `/promo/...` is its alias). */
export const promoPath = (urlName: string) => `/frontpage/promo/${encodeURIComponent(urlName)}`;
/** A promo code's public id: 128 random bits in base64url (22 characters); a little slack for other backends. */
export const ID = /^[A-Za-z0-9_-]{16,64}$/;
