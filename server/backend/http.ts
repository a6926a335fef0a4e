import 'server-only';
import { isPlainHost, venueKeyForHost } from '@/lib/venue/host';
import { BODY_LIMITS, readCappedText } from '@/server/http';
import { log } from '@/lib/log';
import { getDb } from '@/server/db/client';
import { credentialScope, scopeOfCredential } from '@/server/staff/credentials';
import { isAuthorized } from './token';
import { audienceOf, isKnownCall, type CallOrigins } from './dispatch';
import { frontRefusal } from '@/server/backend/front';
import { config } from '@/server/runtime/config';

type Read = { call: string; venueKey: string; params: URLSearchParams; origins: CallOrigins } | { response: Response };

/** An origin and nothing else: scheme, host, optional port. */
const ORIGIN = /^https?:\/\/[a-z0-9.-]{1,253}(:\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * Where the call came from: the front's guest-facing origin (X-Frontpage-Origin, for the links
 * in e-mails; ignored unless it is a bare origin), and this backend's own public origin for
 * the pages it hosts (BACKEND_PUBLIC_URL, else the scheme and Host the request came to).
 */
function callOrigins(request: Request): CallOrigins {
  const front = request.headers.get('x-frontpage-origin')?.trim();
  const configured = process.env.BACKEND_PUBLIC_URL?.trim().replace(/\/+$/, '');
  const host = request.headers.get('host');
  const self = configured || (host ? `${new URL(request.url).protocol}//${host}` : undefined);
  return { front: front && ORIGIN.test(front) ? front.replace(/\/+$/, '') : undefined, self: self && ORIGIN.test(self) ? self : undefined };
}

const fail = (status: number, error: string) => ({ response: Response.json({ status: false, error }, { status }) });

const bearer = (header: string | null) => /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '';

/**
 * Checks a contract request: bearer token, known call, form-urlencoded body; a front
 * (BACKEND_URL set) refuses it with 409 and the backend's address. The venue is
 * the forwarded guest host (legacy clients send X-Forwarded-Host), else the Host header.
 * A venue-side call needs that venue's credential: another venue's is 403 `wrongVenue`,
 * the backend token 403 `venueCredentialRequired`.
 */
export async function readContractRequest(request: Request, call: string): Promise<Read> {
  const forwarded = request.headers.get('x-forwarded-host');
  if ((forwarded !== null && !isPlainHost(forwarded)) || (request.headers.has('host') && !isPlainHost(request.headers.get('host')))) return fail(400, 'badHost');
  const venueKey = venueKeyForHost(request.headers.get('x-forwarded-host') ?? request.headers.get('host'));
  const authorization = request.headers.get('authorization');
  // The venue's side of the contract (its audience, server/backend/dispatch.ts: every staff/* call,
  // and the till's calls) takes the venue's own credential (`npm run venue:token`), never the
  // backend token, so a client holding BACKEND_TOKEN cannot act for any venue. A front holds no
  // credentials of its own: a venue-side call there is refused as a front (below).
  if (audienceOf(call) === 'venue' && !config.backendUrl) {
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
  const refused = frontRefusal('contract', `/backend/api/frontpage/${call}`);
  if (refused) return { response: refused };
  if (!isKnownCall(call)) return fail(404, 'unknownCall');
  const type = request.headers.get('content-type') ?? '';
  if (request.headers.get('content-length') !== '0' && request.body && !type.startsWith('application/x-www-form-urlencoded')) return fail(415, 'unsupportedMediaType');
  // Read within the contract's limit (by Content-Length, then while reading): 413 before anything is parsed.
  const body = await readCappedText(request, BODY_LIMITS.contract).catch(() => '');
  if (body === null) return fail(413, 'tooLarge');
  log.info('backend_call', { call, venue: venueKey });
  return { call, venueKey, params: new URLSearchParams(body), origins: callOrigins(request) };
}
