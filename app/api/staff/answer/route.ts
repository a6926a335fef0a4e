import type { NextRequest } from 'next/server';
import { handleStaffAnswer } from '@/server/staff/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleStaffAnswer(request);
}
