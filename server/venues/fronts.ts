import 'server-only';
import { getBackendToken, isAuthorized } from '@/server/backend/token';
import { revalidateVenues } from '@/server/venues/revalidate';
import { venueKeyForHost } from '@/lib/venue/host';
import { noStoreJson, readJsonObject } from '@/server/http';
import { errorMessage, log } from '@/lib/log';

/** One front's revalidation call may take this long before the backend gives up on it. */
const NOTIFY_TIMEOUT_MS = 5_000;
const MAX_HOSTS = 50;

/** FRONT_URLS: the addresses of the sites that are fronts of this backend, comma-separated. */
export function frontUrls(env: Record<string, string | undefined> = process.env): string[] {
  return (env.FRONT_URLS ?? '')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter((u) => /^https?:\/\/[^\s/?#]+$/.test(u));
}

/**
 * After a venue change: asks every front in FRONT_URLS to drop its cached pages of these hosts
 * now (`POST {front}/api/revalidate`, the contract's bearer token). A front that does not answer
 * is logged and left to refresh on its own within 5 minutes; the change itself is never held up
 * (it is stored before), only the import's answer, by at most NOTIFY_TIMEOUT_MS. Resolves with
 * the fronts that accepted.
 */
export async function notifyFronts(hosts: string[], fronts: string[] = frontUrls()): Promise<string[]> {
  if (!fronts.length || !hosts.length) return [];
  const token = getBackendToken();
  const results = await Promise.all(
    fronts.map(async (front) => {
      try {
        const response = await fetch(`${front}/api/revalidate`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ hosts }),
          signal: AbortSignal.timeout(NOTIFY_TIMEOUT_MS),
          cache: 'no-store',
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return front;
      } catch (error) {
        log.warn('front_revalidate_failed', { front, error: errorMessage(error) });
        return null;
      }
    }),
  );
  const accepted = results.filter((f): f is string => f !== null);
  log.info('fronts_revalidated', { hosts: hosts.join(','), fronts: accepted.join(',') });
  return accepted;
}

/**
 * `POST /api/revalidate` `{"hosts": ["rosa.example.com", ...]}` with the contract's bearer token
 * (BACKEND_TOKEN): drops this site's cached pages and data of those venue hosts at once. The
 * built-in backend calls it on its fronts after a venue change; a legacy backend may call it too
 * (docs/backend-contract.md, "Refreshing a front"). `localhost` names the venue served on local addresses.
 */
export async function handleRevalidate(request: Request, revalidate: (venueKeys: string[]) => void = revalidateVenues): Promise<Response> {
  if (!isAuthorized(request.headers.get('authorization'))) {
    log.warn('revalidate_unauthorized', {});
    return noStoreJson({ status: false, error: 'unauthorized' }, 401);
  }
  const body = await readJsonObject(request);
  const hosts = body?.hosts;
  if (!Array.isArray(hosts) || !hosts.length || hosts.length > MAX_HOSTS || !hosts.every((h) => typeof h === 'string' && h.length <= 253)) {
    return noStoreJson({ status: false, error: 'invalid', message: `Send {"hosts": [...]} with 1 to ${MAX_HOSTS} venue host names.` }, 400);
  }
  const keys = [...new Set((hosts as string[]).map((h) => venueKeyForHost(h)))].filter((k) => k !== '_invalid');
  if (!keys.length) return noStoreJson({ status: false, error: 'invalid', message: 'No valid venue host name in "hosts".' }, 400);
  revalidate(keys);
  log.info('venues_revalidated', { venues: keys.join(',') });
  return noStoreJson({ status: true, data: { revalidated: keys } }, 200);
}
