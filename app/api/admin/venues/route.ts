import { importVenueFromRequest } from '@/server/venues/admin';
import { BODY_LIMITS, guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** Imports a venue file into the running server (used by `npm run venue:import`). */
export const POST = guarded({ type: 'json', limit: BODY_LIMITS.adminImport, sameOrigin: false }, (request: Request) => importVenueFromRequest(request));
