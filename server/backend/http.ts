import { isPlainHost, venueKeyForHost } from '@/lib/venue/host';
import { BODY_LIMITS, readCappedText } from '@/server/http';
import { log } from '@/lib/log';
import { isAuthorized } from './token';
import { isKnownCall } from './dispatch';

type Read = { call: string; venueKey: string; params: URLSearchParams } | { response: Response };

const fail = (status: number, error: string) => ({ response: Response.json({ status: false, error }, { status }) });

/**
 * Checks a contract request: bearer token, known call, form-urlencoded body. The venue is
 * the forwarded guest host (legacy clients send X-Forwarded-Host), else the Host header.
 */
export async function readContractRequest(request: Request, call: string): Promise<Read> {
  const forwarded = request.headers.get('x-forwarded-host');
  if ((forwarded !== null && !isPlainHost(forwarded)) || (request.headers.has('host') && !isPlainHost(request.headers.get('host')))) return fail(400, 'badHost');
  const venueKey = venueKeyForHost(request.headers.get('x-forwarded-host') ?? request.headers.get('host'));
  if (!isAuthorized(request.headers.get('authorization'))) {
    log.warn('backend_unauthorized', { call, venue: venueKey });
    return fail(401, 'unauthorized');
  }
  if (!isKnownCall(call)) return fail(404, 'unknownCall');
  const type = request.headers.get('content-type') ?? '';
  if (request.headers.get('content-length') !== '0' && request.body && !type.startsWith('application/x-www-form-urlencoded')) return fail(415, 'unsupportedMediaType');
  // Read within the contract's limit (by Content-Length, then while reading): 413 before anything is parsed.
  const body = await readCappedText(request, BODY_LIMITS.contract).catch(() => '');
  if (body === null) return fail(413, 'tooLarge');
  log.info('backend_call', { call, venue: venueKey });
  return { call, venueKey, params: new URLSearchParams(body) };
}
