import { venueKeyForHost } from '@/lib/venue/host';
import { log } from '@/lib/log';
import { getDb } from '@/server/db/client';
import { credentialScope, scopeOfCredential } from '@/server/staff/credentials';
import { isAuthorized } from './token';
import { isKnownCall } from './dispatch';

type Read = { call: string; venueKey: string; params: URLSearchParams } | { response: Response };

const fail = (status: number, error: string) => ({ response: Response.json({ status: false, error }, { status }) });

/**
 * The venue's side of the contract (docs/backend-contract.md, "Venue credentials"): over
 * HTTP these take the venue's own credential (`npm run venue:token`), never the backend
 * token, so a client holding BACKEND_TOKEN cannot take money off any venue's cards.
 */
export const VENUE_SIDE_CALLS = new Set(['giftcard/lookup', 'giftcard/redeem', 'promo/lookup', 'promo/redeem', 'staff/day', 'staff/confirm', 'staff/decline', 'staff/arrived', 'staff/noshow', 'staff/cancel']);

const bearer = (header: string | null) => /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';

/**
 * Checks a contract request: bearer token, known call, form-urlencoded body. The venue is
 * the forwarded guest host (legacy clients send X-Forwarded-Host), else the Host header.
 * A venue-side call needs that venue's credential: another venue's is 403 `wrongVenue`,
 * the backend token 403 `venueCredentialRequired`.
 */
export async function readContractRequest(request: Request, call: string): Promise<Read> {
  const venueKey = venueKeyForHost(request.headers.get('x-forwarded-host') ?? request.headers.get('host'));
  const authorization = request.headers.get('authorization');
  if (VENUE_SIDE_CALLS.has(call)) {
    const db = await getDb();
    const scope = await scopeOfCredential(db, bearer(authorization));
    if (!scope) {
      log.warn('backend_unauthorized', { call, venue: venueKey });
      return isAuthorized(authorization) ? fail(403, 'venueCredentialRequired') : fail(401, 'unauthorized');
    }
    if (scope !== (await credentialScope(db, venueKey))) {
      log.warn('backend_wrong_venue', { call, venue: venueKey });
      return fail(403, 'wrongVenue');
    }
  } else if (!isAuthorized(authorization)) {
    log.warn('backend_unauthorized', { call, venue: venueKey });
    return fail(401, 'unauthorized');
  }
  if (!isKnownCall(call)) return fail(404, 'unknownCall');
  const body = await request.text();
  const type = request.headers.get('content-type') ?? '';
  if (body && !type.startsWith('application/x-www-form-urlencoded')) return fail(415, 'unsupportedMediaType');
  log.info('backend_call', { call, venue: venueKey });
  return { call, venueKey, params: new URLSearchParams(body) };
}
