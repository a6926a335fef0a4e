import type { NextRequest } from 'next/server';
import { handleGiftcardBalance } from '@/server/giftcards/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleGiftcardBalance(request);
}
