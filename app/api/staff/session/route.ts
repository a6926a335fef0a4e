import type { NextRequest } from 'next/server';
import { handleStaffSignIn, handleStaffSignOut } from '@/server/staff/http';
import { guarded, isSameOrigin, refusal } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json' }, handleStaffSignIn);

/** "Sign out this device": no body, so only the same-origin check of the gate applies. */
export function DELETE(request: NextRequest) {
  return isSameOrigin(request) ? handleStaffSignOut(request) : refusal(request, 'crossSite');
}
