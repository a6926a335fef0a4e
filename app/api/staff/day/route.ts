import type { NextRequest } from 'next/server';
import { handleStaffDay } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleStaffDay(request);
}
