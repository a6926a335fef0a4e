import type { NextRequest } from 'next/server';
import { handleCreate } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleCreate(request);
}
