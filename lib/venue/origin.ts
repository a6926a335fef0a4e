import { isLocalVenueKey, isLoopbackHost, isPlainHost } from './host';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';

/**
 * The one public origin of a venue's site, for every absolute link: e-mails, payment return
 * and cancel addresses, canonical and OpenGraph links, the sitemap (docs/security.md,
 * "One origin per venue"). `SITE_URL` when set; else `https://{venue host}`; the local venue
 * is `http://localhost:PORT`, or the loopback address the guest opened (`http://127.0.0.1:3000`,
 * `http://[::1]:3000`) when `loopbackHost` names one, so that the session cookie set there comes
 * back on the return. The request's Host only selects the venue: a non-loopback Host never
 * appears in a link.
 */
export function venueOrigin(venueKey: string, loopbackHost?: string | null): URL {
  if (process.env.SITE_URL) return new URL(process.env.SITE_URL);
  const loopback = loopbackHost && isPlainHost(loopbackHost) && isLoopbackHost(loopbackHost) ? loopbackHost.trim().toLowerCase() : null;
  if (loopback && /(?:^[^:]+|\]):[0-9]+$/.test(loopback)) return new URL(`http://${loopback}`);
  if (isLocalVenueKey(venueKey)) return new URL(`http://localhost:${process.env.PORT || 3000}`);
  return new URL(`https://${venueKey}`);
}

/**
 * The guest-facing origin of this site for a venue (canonical, OpenGraph, sitemap, and what a
 * front tells its backend as X-Frontpage-Origin): `venueOrigin` without a request.
 */
export const siteOrigin = (venueKey: string): URL => venueOrigin(venueKey);

/**
 * Absolute link to a page of the venue's site, in the guest's language. `venueHost` is the
 * venue's host, or the guest-facing origin (`http(s)://host[:port]`) a front passed with a
 * contract call (X-Frontpage-Origin, docs/backend-contract.md "Split set-up"), which wins: a
 * backend behind fronts links to the front the guest used, never to its own address.
 */
export function venuePageUrl(venueHost: string, locale: Locale, path: string): string {
  if (/^https?:\/\//.test(venueHost)) return venueHost.replace(/\/+$/, '') + localizedPath(locale, path);
  return venueOrigin(venueHost).origin + localizedPath(locale, path);
}
