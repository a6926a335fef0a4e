import type { NextRequest } from 'next/server';
import { handleTimes } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleTimes(request);
}
