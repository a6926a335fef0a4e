import type { NextRequest } from 'next/server';
import { handleStaffSignIn } from '@/server/promo/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleStaffSignIn(request);
}
