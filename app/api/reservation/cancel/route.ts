import type { NextRequest } from 'next/server';
import { handleCancel } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleCancel(request);
}
