import type { NextRequest } from 'next/server';
import { handleRedeem } from '@/server/promo/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleRedeem(request);
}
