import type { NextRequest } from 'next/server';
import { handleDays } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleDays(request);
}
