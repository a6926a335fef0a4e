import { handleOfferClaim } from '@/server/booking/guest-links-http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** A waiting-list offer's claim (the offer page's form). */
export const POST = guarded({ type: 'form' }, handleOfferClaim);
