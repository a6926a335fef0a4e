import type { NextRequest } from 'next/server';
import { handleEdit } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleEdit(request);
}
