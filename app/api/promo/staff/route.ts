import { handleStaffSignIn } from '@/server/staff/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** The promo staff page's former sign-in, kept as an alias of `POST /api/staff/session`. */
export const POST = guarded({ type: 'json' }, handleStaffSignIn);
