import { LOCAL_VENUE_KEY, isLocalHost, isPlainHost } from './host';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';

/**
 * The one origin rule (docs/security.md, "One origin rule for every link"; issue 41): every
 * absolute link to a venue's site (e-mails and SMS, whether a request or the housekeeping sweep
 * sends them; payment return and cancel addresses; canonical, hreflang and OpenGraph links; the
 * sitemap and robots.txt) has the origin
 *
 * 1. `SITE_URL`, when set;
 * 2. else the venue's host, with the scheme and port the site is served on. Which these are is
 *    known without a request, from the host and the configuration: a local host (localhost, a
 *    name under `.localhost`, 127.0.0.1, [::1]) is served by this process itself, over http on
 *    `PORT` (the port it listens on: `next start -p` and `npm start` set it; default 3000); any
 *    other host is a public name, served over https on the default port by the TLS proxy in
 *    front. A site served on another scheme or port sets `SITE_URL`.
 *
 * "The venue's host" is, for a page, the host the request selected the venue by (one of the
 * venue's hosts: an unknown host gets no link at all); for an e-mail, the venue's link host
 * (`linkHostOf`), the same with or without a request. The request's Host never makes a link
 * otherwise; the one exception is a guest on a local address, sent back by a payment to that very
 * address and port (`requestHost`), where the session cookie set there lives.
 */
export function venueOrigin(venueHost: string, requestHost?: string | null): URL {
  if (process.env.SITE_URL) return new URL(process.env.SITE_URL);
  const local = requestHost && isPlainHost(requestHost) && isLocalHost(requestHost) ? requestHost.trim().toLowerCase() : null;
  if (local) return new URL(/(?:^[^:]+|\]):[0-9]+$/.test(local) ? `http://${local}` : `http://${local}:${servedPort()}`);
  return originOfHost(venueHost);
}

/** The port this process serves on: `PORT` (which `next start -p` sets too), else 3000. */
export const servedPort = (): string => process.env.PORT || '3000';

/** Rule 2 alone: a host name's origin, with the scheme and port the site serves it on. */
export function originOfHost(host: string): URL {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '');
  return isLocalHost(name) ? new URL(`http://${name}:${servedPort()}`) : new URL(`https://${name}`);
}

/**
 * The guest-facing origin of this site for a venue key (canonical, OpenGraph, sitemap, and what a
 * front tells its backend as X-Frontpage-Origin): `venueOrigin` without a request.
 */
export const siteOrigin = (venueKey: string): URL => venueOrigin(venueKey);

/**
 * The host a venue's e-mails and SMS link to, with a request or without (the sweep): its first
 * public host (in name order); else `localhost` for the venue this machine's own address serves
 * (`servesLocalhost`: the default venue, unless LOCALHOST_VENUE_HOST names another); else its
 * first local host (`sole.localhost`). So a reminder sent by the sweep links where the
 * confirmation sent during the booking did.
 */
export function linkHostOf(hosts: string[], servesLocalhost: boolean): string {
  const sorted = [...hosts].map((h) => h.toLowerCase()).sort();
  return sorted.find((h) => !isLocalHost(h)) ?? (servesLocalhost ? LOCAL_VENUE_KEY : (sorted[0] ?? LOCAL_VENUE_KEY));
}

/**
 * Absolute link to a page of the venue's site, in the guest's language. `venueHost` is the
 * venue's host, or an origin (`http(s)://host[:port]`): the guest-facing origin a front passed
 * with a contract call (X-Frontpage-Origin, docs/backend-contract.md "Split set-up"), or one
 * already made by the rule (`linkOrigin`, server/venues/queries.ts), which is used as it is.
 */
export function venuePageUrl(venueHost: string, locale: Locale, path: string): string {
  if (/^https?:\/\//.test(venueHost)) return venueHost.replace(/\/+$/, '') + localizedPath(locale, path);
  return venueOrigin(venueHost).origin + localizedPath(locale, path);
}
