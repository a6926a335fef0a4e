import type { NextRequest } from 'next/server';
import { handleHold } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleHold(request);
}
