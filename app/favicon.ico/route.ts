import { handleFavicon } from '@/server/og/favicon';

export const dynamic = 'force-dynamic';

/** `GET /favicon.ico`: the venue's logo, or its initial on its colour (server/og/favicon.tsx). */
export function GET(request: Request) {
  return handleFavicon(request);
}
