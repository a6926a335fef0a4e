import type { NextRequest } from 'next/server';
import { handleOgImage } from '@/server/promo/og';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest) {
  return handleOgImage(request);
}
