import { venueKeyForHost } from '@/lib/venue/host';
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
  const venueKey = venueKeyForHost(request.headers.get('x-forwarded-host') ?? request.headers.get('host'));
  if (!isAuthorized(request.headers.get('authorization'))) {
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
