import type { NextRequest } from 'next/server';
import { handleBookingEdit } from '@/server/experiences/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleBookingEdit(request);
}
