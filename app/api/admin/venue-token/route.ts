import { rotateVenueTokenFromRequest } from '@/server/staff/admin';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** A new venue credential (used by `npm run venue:token`): bearer-authenticated, so not bound to the site's origin. */
export const POST = guarded({ type: 'json', sameOrigin: false }, async (request: Request) => rotateVenueTokenFromRequest(request));
