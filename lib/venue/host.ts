/** Host names of the machine itself: the site opened "on localhost". */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const LOCAL_VENUE_KEY = 'localhost';
const HOST_NAME = /^[a-z0-9.-]{1,253}$/;

/**
 * The venue key of a request: its host name without the port, lower-cased.
 * Local addresses collapse to one key so their venue is cached once: the venue host
 * named by LOCALHOST_VENUE_HOST, else `localhost` (the default venue).
 */
export function venueKeyForHost(host: string | null | undefined): string {
  const raw = (host ?? '').trim().toLowerCase();
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  if (!name || LOCAL_HOSTS.has(name)) return localhostVenueKey();
  return HOST_NAME.test(name) ? name : '_invalid';
}

export function isLocalVenueKey(key: string): boolean {
  return key === LOCAL_VENUE_KEY;
}

/**
 * Spec section 7, "Local development": opened on localhost, the site asks the backend
 * for a fixed venue host. LOCALHOST_VENUE_HOST names it (e.g. `rosa.example.com`);
 * unset, local addresses get the venue marked `"default": true` (the built-in backend)
 * or the host `localhost` (a legacy backend). Throws on a value that is no host name,
 * which stops the server at start (server/startup.ts).
 */
export function localhostVenueHost(): string | undefined {
  const value = process.env.LOCALHOST_VENUE_HOST?.trim().toLowerCase();
  if (!value || LOCAL_HOSTS.has(value)) return undefined;
  if (!HOST_NAME.test(value)) {
    throw new Error(`LOCALHOST_VENUE_HOST must be a venue's host name, such as rosa.example.com (no scheme, port or path): "${value}" is not.`);
  }
  return value;
}

function localhostVenueKey(): string {
  try {
    return localhostVenueHost() ?? LOCAL_VENUE_KEY;
  } catch {
    return '_invalid';
  }
}
