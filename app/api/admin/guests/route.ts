import { guestDataFromRequest } from '@/server/consent/admin';
import { BODY_LIMITS, guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** One guest's data, exported or erased (used by `npm run guest:export` and `guest:erase`); admin token only. */
export const POST = guarded({ type: 'json', limit: BODY_LIMITS.guest, sameOrigin: false }, (request: Request) => guestDataFromRequest(request));
