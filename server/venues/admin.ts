import 'server-only';
import { isAdminAuthorized } from '@/server/backend/token';
import { getDb } from '@/server/db/client';
import { revalidateVenues } from '@/server/venues/revalidate';
import { frontRefusal } from '@/server/backend/front';
import { notifyFronts } from '@/server/venues/fronts';
import { errorMessage, log } from '@/lib/log';
import { checkedVenueFile, importVenue, takenHostErrors, VenueFileError } from './import';

/**
 * `POST /api/admin/venues`: a venue file as JSON, authorised with the admin token (ADMIN_TOKEN;
 * the backend token does not open it).
 * Imports it and drops the cached pages of its hosts at once, here and on the fronts named by
 * FRONT_URLS; a front (BACKEND_URL set) refuses it with 409: its venues live on the backend.
 * This is how the import
 * script reaches a server that holds the embedded database open. With `?dryRun=1` it only
 * checks the file (hosts against the other venues included) and imports nothing
 * (`npm run venue:check`); with `?strict=1` an unknown field, or a text in a language the
 * site does not speak, refuses the file instead of being listed among the warnings
 * (`venue:check --strict`). A refused file is a 400 listing every error in plain words with
 * its JSON path (`issues`); an accepted one lists its `warnings` (what the import ignores
 * or drops).
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
    const search = new URL(request.url).searchParams;
    const { file, warnings } = checkedVenueFile(body, { strict: search.get('strict') === '1' });
    const db = await getDb();
    if (search.get('dryRun') === '1') {
      const taken = await takenHostErrors(db, file);
      if (taken.length) throw new VenueFileError(taken);
      return Response.json({ status: true, data: { dryRun: true, slug: file.slug, warnings } });
    }
    const { venueId, hosts } = await importVenue(db, file);
    revalidate(hosts);
    // The fronts are told before the import answers (each within 5 s; one that does not answer is
    // logged and refreshes on its own), so a finished import shows on every front at once.
    await notifyFronts(hosts);
    log.info('venue_imported', { venueId, slug: file.slug, hosts: hosts.join(','), warnings: warnings.length });
    return Response.json({ status: true, data: { venueId, hosts, warnings } });
  } catch (error) {
    if (error instanceof VenueFileError) {
      return Response.json({ status: false, error: 'invalidVenueFile', issues: error.issues }, { status: 400 });
    }
    log.error('venue_import_failed', { error: errorMessage(error) });
    return Response.json({ status: false, error: 'importFailed' }, { status: 500 });
  }
}
