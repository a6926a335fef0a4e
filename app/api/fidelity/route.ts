import type { NextRequest } from 'next/server';
import { handleSubscribe } from '@/server/fidelity/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleSubscribe(request);
}
