import 'server-only';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';

/**
 * The origins a venue lets frame its pages (the venue file's `embed.origins`). A legacy
 * backend's venue has none: its pages keep `frame-ancestors 'self'`.
 */
export async function embedOriginsFor(venueKey: string): Promise<string[]> {
  if (process.env.BACKEND_URL) return [];
  const venue = await findVenueByKey(await getDb(), venueKey);
  return venue?.embedOrigins ?? [];
}
