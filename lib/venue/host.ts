/** Host names of the machine itself: the site opened "on localhost". */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const LOCAL_VENUE_KEY = 'localhost';
const HOST_NAME = /^[a-z0-9.-]{1,253}$/;
/** A plain `name[:port]` (or `[ipv6][:port]`): no user-info, path, spaces or anything else. */
const PLAIN_HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,252})|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/i;

/**
 * Whether a Host (or X-Forwarded-Host) header is a plain `name[:port]`. Anything else
 * (`localhost:3961@evil.example`, a path, a second host) is refused with a 400 before any
 * page or call (proxy.ts, server/http/index.ts), and never selects a venue.
 */
export function isPlainHost(host: string | null | undefined): boolean {
  return typeof host === 'string' && PLAIN_HOST.test(host.trim());
}

/**
 * The venue key of a request: its host name without the port, lower-cased.
 * Local addresses collapse to one key so their venue is cached once: the venue host
 * named by LOCALHOST_VENUE_HOST, else `localhost` (the default venue).
 */
export function venueKeyForHost(host: string | null | undefined): string {
  const raw = (host ?? '').trim().toLowerCase();
  if (raw && !isPlainHost(raw)) return '_invalid';
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
 * which stops the server at start (server/runtime/startup.ts).
 */
export function localhostVenueHost(): string | undefined {
  const value = process.env.LOCALHOST_VENUE_HOST?.trim().toLowerCase();
  if (!value || LOCAL_HOSTS.has(value)) return undefined;
  if (!HOST_NAME.test(value)) {
    throw new Error(`LOCALHOST_VENUE_HOST must be a venue's host name, such as rosa.example.com (no scheme, port or path): "${value}" is not.`);
  }
  return value;
}

/**
 * Whether a host (with or without port) is served by this machine itself, never by a public
 * name: localhost, a name under `.localhost` (RFC 6761: browsers resolve it to the loopback,
 * `sole.localhost`), 127.0.0.1, [::1]. Such a host is reached over http on the port the
 * site listens on (lib/venue/origin.ts).
 */
export function isLocalHost(host: string): boolean {
  const raw = host.trim().toLowerCase();
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  return LOCAL_HOSTS.has(name) || name.endsWith('.localhost');
}

/** Whether the host name (without port) is the machine itself: localhost, 127.0.0.1, [::1]. */
export function isLoopbackHost(host: string): boolean {
  const raw = host.trim().toLowerCase();
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  return LOCAL_HOSTS.has(name);
}

function localhostVenueKey(): string {
  try {
    return localhostVenueHost() ?? LOCAL_VENUE_KEY;
  } catch {
    return '_invalid';
  }
}
