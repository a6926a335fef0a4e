/** Host names that always serve the default venue. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const LOCAL_VENUE_KEY = 'localhost';

/**
 * The venue key of a request: its host name without the port, lower-cased.
 * Local addresses collapse to one key so the default venue is cached once.
 */
export function venueKeyForHost(host: string | null | undefined): string {
  const raw = (host ?? '').trim().toLowerCase();
  const name = raw.startsWith('[') ? raw.slice(0, raw.indexOf(']') + 1) : raw.split(':')[0];
  if (!name || LOCAL_HOSTS.has(name)) return LOCAL_VENUE_KEY;
  return /^[a-z0-9.-]{1,253}$/.test(name) ? name : '_invalid';
}

export function isLocalVenueKey(key: string): boolean {
  return key === LOCAL_VENUE_KEY;
}
