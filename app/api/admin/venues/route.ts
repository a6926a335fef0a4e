import { importVenueFromRequest } from '@/server/venues/admin';

export const dynamic = 'force-dynamic';

/** Imports a venue file into the running server (used by `npm run venue:import`). */
export async function POST(request: Request) {
  return importVenueFromRequest(request);
}
