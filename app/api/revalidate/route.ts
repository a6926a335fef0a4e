import { handleRevalidate } from '@/server/venues/fronts';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** Drops the cached pages of some venues at once (token-protected; called by the backend after a venue change). */
export const POST = guarded({ type: 'json', sameOrigin: false }, async (request: Request) => handleRevalidate(request));
