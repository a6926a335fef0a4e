import type { NextRequest } from 'next/server';
import { handlePayment } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handlePayment(request);
}
