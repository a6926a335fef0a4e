import type { NextRequest } from 'next/server';
import { handleRequest } from '@/server/promo/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleRequest(request);
}
