import type { NextRequest } from 'next/server';
import { handleLocalCard } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleLocalCard(request);
}
