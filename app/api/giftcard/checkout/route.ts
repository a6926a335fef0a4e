import type { NextRequest } from 'next/server';
import { handleGiftcardCheckout } from '@/server/giftcards/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleGiftcardCheckout(request);
}
