import type { NextRequest } from 'next/server';
import { handleListImage } from '@/server/og/share-images';

/** `GET /api/og/list/{giftcards|experiences}?locale=`: a list page's OpenGraph/Twitter image, per venue (host) and language. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ kind: string }> }) {
  return handleListImage(request, (await params).kind);
}
