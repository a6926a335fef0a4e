import { isLocalVenueKey } from './host';

/**
 * The guest-facing origin of this site for a venue: SITE_URL, else the venue's host (localhost
 * with this server's port). A front tells its backend this origin with every contract call
 * (X-Frontpage-Origin), so the links the backend e-mails name the front.
 */
export function siteOrigin(venueKey: string): URL {
  if (process.env.SITE_URL) return new URL(process.env.SITE_URL);
  if (isLocalVenueKey(venueKey)) return new URL(`http://localhost:${process.env.PORT || 3000}`);
  return new URL(`https://${venueKey}`);
}
