import { embedOriginsFor } from '@/server/embed/origins';
import { venueKeyForHost } from '@/lib/venue/host';

export const dynamic = 'force-dynamic';

/**
 * The venue's allowed embedding origins, read by proxy.ts for the pages' frame-ancestors
 * (docs/embed.md): the venue named by `?venue=` (the proxy's venue key), else the host's.
 * Public: the same list is in every page's Content-Security-Policy.
 */
export async function GET(request: Request) {
  const named = new URL(request.url).searchParams.get('venue');
  const origins = await embedOriginsFor(named && /^[a-z0-9.:[\]_-]{1,253}$/.test(named) ? named : venueKeyForHost(request.headers.get('host')));
  return Response.json({ origins }, { headers: { 'Cache-Control': 'private, no-store' } });
}
