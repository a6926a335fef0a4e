import type { NextRequest } from 'next/server';
import { handleGiftcardCreate } from '@/server/giftcards/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleGiftcardCreate(request);
}
