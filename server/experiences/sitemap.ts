import 'server-only';
import { isPlainHost, venueKeyForHost } from '@/lib/venue/host';
import { getExperienceList, getGiftcardList, getLocation, loadLocation } from '@/server/venues/data';
import { plainAnswer } from '@/server/http/host-gate';
import { locales } from '@/lib/i18n/locales';
import { alternatePaths, localizedPath } from '@/lib/i18n/paths';
import { siteOrigin } from '@/lib/venue/origin';
import { hasOwnForm, listedNow } from '@/lib/experiences/standing';

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const headers = (type: string) => ({ 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'public, max-age=300, stale-while-revalidate=3600' });

/** The venue's public pages (paths without locale): home, reservation, experiences, gift cards and each card, the live promotion, the accessibility statement. */
export async function publicPaths(venueKey: string): Promise<string[]> {
  const [location, list] = await Promise.all([getLocation(venueKey), getExperienceList(venueKey)]);
  const services = location?.services ?? { giftCards: true, fidelity: true, promotion: null };
  const cards = services.giftCards ? await getGiftcardList(venueKey) : [];
  const experiences = list.elenco.filter(listedNow);
  return [
    '/',
    '/reserve',
    '/frontpage/esperienze',
    ...experiences.flatMap((e) => [`/frontpage/esperienze/${e.hash}`, ...(hasOwnForm(e) ? [`/frontpage/esperienze/${e.hash}/reserve`] : [])]),
    ...(services.giftCards ? ['/frontpage/giftcards', ...cards.map((c) => `/frontpage/giftcard/${encodeURIComponent(c.id)}`)] : []),
    ...(services.fidelity ? ['/frontpage/fidelity'] : []),
    ...(services.promotion?.urlName ? [`/frontpage/promo/${encodeURIComponent(services.promotion.urlName)}`] : []),
    '/frontpage/accessibility',
  ];
}

/**
 * The venue a sitemap or robots.txt request is for, or the answer that names no link at all:
 * 400 for a malformed Host (`localhost:PORT@evil.example`), a plain 404 for a host no venue has
 * (`evil.example`), neither publicly cacheable (issue 41; docs/security.md). A backend that
 * fails is not an unknown host: its venue's files are answered from what can be read.
 */
export async function venueOf(request: Request): Promise<{ venueKey: string } | { response: Response }> {
  const host = request.headers.get('host');
  if (request.headers.has('host') && !isPlainHost(host)) return { response: plainAnswer(400) };
  const venueKey = venueKeyForHost(host);
  if ((await loadLocation(venueKey)).status === 'unknownVenue') return { response: plainAnswer(404) };
  return { venueKey };
}

/** `GET /sitemap.xml`: every public page of the venue (the host) in the five languages, each with its hreflang alternates. */
export async function handleSitemap(request: Request) {
  const venue = await venueOf(request);
  if ('response' in venue) return venue.response;
  const { venueKey } = venue;
  const origin = siteOrigin(venueKey).origin;
  const paths = await publicPaths(venueKey);
  const urls = paths.flatMap((path) => {
    const alternates = Object.entries(alternatePaths(path))
      .map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(origin + href)}"/>`)
      .join('\n');
    return locales.map((locale) => `  <url>\n    <loc>${xml(origin + localizedPath(locale, path))}</loc>\n${alternates}\n  </url>`);
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: headers('application/xml') });
}

/** `GET /robots.txt`: pages open to crawlers, the guest's own pages (bookings, payments, codes) and the APIs not; the venue's sitemap. */
export async function handleRobots(request: Request) {
  const venue = await venueOf(request);
  if ('response' in venue) return venue.response;
  const { venueKey } = venue;
  const origin = siteOrigin(venueKey).origin;
  const privatePaths = ['/api/', '/backend/', '/a2fa/', '/reserve/', '/frontpage/esperienze/prenotazione/', '/frontpage/giftcard/checkout', '/frontpage/giftcard/purchaseconfirmation', '/frontpage/giftcard/create'];
  const localized = (p: string) => (p.startsWith('/api/') || p.startsWith('/backend/') ? [p] : [p, ...locales.filter((l) => l !== 'it').map((l) => `/${l}${p}`)]);
  const lines = ['User-agent: *', 'Allow: /', ...privatePaths.flatMap(localized).map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return new Response(lines.join('\n'), { headers: headers('text/plain') });
}
