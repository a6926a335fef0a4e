import type { NextRequest } from 'next/server';
import { handleGiftcardImage } from '@/server/og/share-images';

/** `GET /api/og/giftcard/{id}?locale=`: the gift card's OpenGraph/Twitter image, per venue (host) and language. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  return handleGiftcardImage(request, (await params).id);
}
