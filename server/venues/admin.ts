import 'server-only';
import { isAdminAuthorized } from '@/server/backend/token';
import { getDb } from '@/server/db/client';
import { revalidateVenues } from '@/lib/venue/revalidate';
import { frontRefusal } from '@/server/front';
import { notifyFronts } from '@/server/venues/fronts';
import { errorMessage, log } from '@/lib/log';
import { importVenue, parseVenueFile, VenueFileError } from './import';

/**
 * `POST /api/admin/venues`: a venue file as JSON, authorised with the admin token (ADMIN_TOKEN;
 * the backend token does not open it).
 * Imports it and drops the cached pages of its hosts at once, here and on the fronts named by
 * FRONT_URLS. A front (BACKEND_URL set) refuses it with 409: its venues live on the backend. This is how the import
 * script reaches a server that holds the embedded database open.
 */
export async function importVenueFromRequest(request: Request, revalidate: (venueKeys: string[]) => void = revalidateVenues): Promise<Response> {
  if (!isAdminAuthorized(request.headers.get('authorization'))) {
    log.warn('admin_unauthorized', { path: 'venues' });
    return Response.json({ status: false, error: 'unauthorized' }, { status: 401 });
  }
  const refused = frontRefusal('admin', '/api/admin/venues');
  if (refused) return refused;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return Response.json({ status: false, error: 'invalidJson' }, { status: 400 });
  }
  try {
    const file = parseVenueFile(body);
    const { venueId, hosts } = await importVenue(await getDb(), file);
    revalidate(hosts);
    void notifyFronts(hosts);
    log.info('venue_imported', { venueId, slug: file.slug, hosts: hosts.join(',') });
    return Response.json({ status: true, data: { venueId, hosts } });
  } catch (error) {
    if (error instanceof VenueFileError) {
      return Response.json({ status: false, error: 'invalidVenueFile', issues: error.issues }, { status: 400 });
    }
    log.error('venue_import_failed', { error: errorMessage(error) });
    return Response.json({ status: false, error: 'importFailed' }, { status: 500 });
  }
}
