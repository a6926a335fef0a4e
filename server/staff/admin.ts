import 'server-only';
import { isAdminAuthorized } from '@/server/backend/token';
import { getDb } from '@/server/db/client';
import { venueKeyForHost } from '@/lib/venue/host';
import { log } from '@/lib/log';
import { rotateVenueCredential } from './credentials';

/**
 * `POST /api/admin/venue-token {host}` with the admin token: a new credential for the venue
 * of `host` (the old one stops, every staff device is signed out), answered once. This is
 * how `npm run venue:token` reaches a server that holds the embedded database open.
 */
export async function rotateVenueTokenFromRequest(request: Request): Promise<Response> {
  if (!isAdminAuthorized(request.headers.get('authorization'))) {
    log.warn('admin_unauthorized', { path: 'venue-token' });
    return Response.json({ status: false, error: 'unauthorized' }, { status: 401 });
  }
  const body = (await request.json().catch(() => null)) as { host?: unknown } | null;
  const venueKey = venueKeyForHost(typeof body?.host === 'string' ? body.host : '');
  if (venueKey === '_invalid') return Response.json({ status: false, error: 'invalidHost' }, { status: 400 });
  const { token, scope } = await rotateVenueCredential(await getDb(), venueKey);
  log.info('venue_credential_rotated', { venue: venueKey, scope });
  return Response.json({ status: true, data: { token, scope } }, { headers: { 'Cache-Control': 'private, no-store' } });
}
