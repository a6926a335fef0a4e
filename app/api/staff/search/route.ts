import type { NextRequest } from 'next/server';
import { handleStaffSearch } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleStaffSearch(request);
}
