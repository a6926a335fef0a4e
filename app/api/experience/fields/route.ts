import type { NextRequest } from 'next/server';
import { handleFields } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleFields(request);
}
