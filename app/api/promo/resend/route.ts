import type { NextRequest } from 'next/server';
import { handleResend } from '@/server/promo/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleResend(request);
}
