import type { NextRequest } from 'next/server';
import { handleGuarantee } from '@/server/booking/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleGuarantee(request);
}
