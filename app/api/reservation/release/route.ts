import type { NextRequest } from 'next/server';
import { handleRelease } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleRelease(request);
}
