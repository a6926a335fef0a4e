import type { NextRequest } from 'next/server';
import { handleLookup } from '@/server/fidelity/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleLookup(request);
}
