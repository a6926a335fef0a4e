import type { NextRequest } from 'next/server';
import { handleStatus } from '@/server/promo/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleStatus(request);
}
