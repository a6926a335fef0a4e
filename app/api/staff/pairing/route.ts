import { handleStaffPairing } from '@/server/staff/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** "Pair a phone": a short code for another device of the venue; no body. */
export const POST = guarded({ type: 'none' }, handleStaffPairing);
