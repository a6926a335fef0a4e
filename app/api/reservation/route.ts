import type { NextRequest } from 'next/server';
import { handleCreate } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleCreate(request);
}
