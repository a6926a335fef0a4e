import { embedOriginsFor } from '@/server/embed/origins';
import { venueKeyForHost } from '@/lib/venue/host';

export const dynamic = 'force-dynamic';

/** The venue's allowed embedding origins, read by proxy.ts for the pages' frame-ancestors (docs/embed.md). */
export async function GET(request: Request) {
  const origins = await embedOriginsFor(venueKeyForHost(request.headers.get('host')));
  return Response.json({ origins }, { headers: { 'Cache-Control': 'no-store' } });
}
