import type { NextRequest } from 'next/server';
import { handleBookingCancel } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleBookingCancel(request);
}
