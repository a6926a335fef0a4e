import { handleStaffSignIn, handleStaffSignOut } from '@/server/staff/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json' }, handleStaffSignIn);

/** "Sign out this device": no body, so the gate checks the host, the same origin and that nothing is sent. */
export const DELETE = guarded({ type: 'none' }, handleStaffSignOut);
