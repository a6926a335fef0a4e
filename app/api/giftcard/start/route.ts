import type { NextRequest } from 'next/server';
import { handleGiftcardStart } from '@/server/giftcards/http';

export const dynamic = 'force-dynamic';

export function POST(request: NextRequest) {
  return handleGiftcardStart(request);
}
