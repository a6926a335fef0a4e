import type { NextRequest } from 'next/server';
import { handleCode } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleCode(request);
}
