import type { NextRequest } from 'next/server';
import { handleDay } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleDay(request);
}
