import 'server-only';
import { getDb } from '@/server/db/client';
import { config } from '@/server/runtime/config';
import { isLocalVenueKey, venueKeyForHost } from '@/lib/venue/host';
import { venueContext } from './context';

/**
 * Whether a request's Host names a venue of this site (issue 43: an unknown host is answered
 * before any render, server/http/host-gate.ts). One look-up of the venue cache
 * (server/venues/context.ts): a known host is trusted for a minute, an unknown one is
 * remembered as unknown for UNKNOWN_TTL_MS (a venue may be imported for it), and an import
 * forgets both at once, on every instance. Always true with a legacy backend (it knows its
 * venues, this site does not) and for the machine's own names (the default venue).
 */
export async function isKnownVenueHost(host: string): Promise<boolean> {
  if (config.legacyBackend) return true;
  const key = venueKeyForHost(host);
  if (isLocalVenueKey(key) || key === '_invalid') return true;
  return (await venueContext(await getDb(), key)) !== null;
}
