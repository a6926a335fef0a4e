import { venueJsonSchema } from '@/server/venues/json-schema';

export const dynamic = 'force-static';

/** The venue file's JSON Schema (docs/venue-file.md), public and the same on every host, for editors and `$schema`. */
export function GET() {
  return Response.json(venueJsonSchema(), {
    headers: { 'content-type': 'application/schema+json', 'cache-control': 'public, max-age=3600, stale-while-revalidate=86400' },
  });
}
