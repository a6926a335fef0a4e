import type { NextRequest } from 'next/server';
import { handleExperiences } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleExperiences(request);
}
