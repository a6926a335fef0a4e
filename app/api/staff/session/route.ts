import type { NextRequest } from 'next/server';
import { handleStaffSignIn, handleStaffSignOut } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleStaffSignIn(request);
}

export function DELETE(request: NextRequest) {
  return handleStaffSignOut(request);
}
