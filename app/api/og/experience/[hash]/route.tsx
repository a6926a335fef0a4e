import type { NextRequest } from 'next/server';
import { handleExperienceImage } from '@/server/experiences/og-image';

/** `GET /api/og/experience/{hash}?locale=`: the experience's OpenGraph/Twitter image, per venue (host) and language. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ hash: string }> }) {
  return handleExperienceImage(request, (await params).hash);
}
