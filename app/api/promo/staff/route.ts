import type { NextRequest } from 'next/server';
import { handleStaffSignIn } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

/** The promo staff page's former sign-in, kept as an alias of `POST /api/staff/session`. */
export function POST(request: NextRequest) {
  return handleStaffSignIn(request);
}
