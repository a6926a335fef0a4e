import type { NextRequest } from 'next/server';
import { handleMonth } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleMonth(request);
}
