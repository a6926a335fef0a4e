import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { alternatePaths, localizedPath } from '@/lib/i18n/paths';
import { siteOrigin } from '@/lib/venue/origin';
import { getLocation, loadLocation } from '@/server/venues/data';
import { isMissing } from '@/server/booking/lookups';
import type { VenueParams } from './venue-context';
import type { ScreenKey } from '@/components/shell/screens';
import { pickText } from '@/lib/i18n/texts';


/**
 * Title `{locationname} - {product}` (spec section 2), where the product is the screen's
 * translated name, plus the canonical link and the hreflang alternates of the page.
 */
/**
 * The metadata of a page that turns out not to exist (issue 29: one <title> per page): no
 * title of its own, so the not-found screen's "Page not found" is the only one, and not indexed.
 */
export function notFoundMetadata(base: Metadata): Metadata {
  return { ...base, title: null, robots: { index: false }, alternates: undefined, openGraph: undefined, twitter: undefined };
}

export async function screenMetadata(params: VenueParams, screen: ScreenKey, path: string): Promise<Metadata> {
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const [t, loaded] = await Promise.all([getTranslations({ locale, namespace: 'screens' }), loadLocation(params.venue)]);
  // A host no venue has: the not-found page, with no link to that host (no canonical, hreflang or OpenGraph; issue 41).
  if (loaded.status === 'unknownVenue') return notFoundMetadata({});
  const location = loaded.status === 'ok' ? loaded.data : null;
  const product = t(screen);
  const name = location?.locationname ?? '';
  const tagline = location ? pickText(location.tagline, locale) : '';
  const logo = location?.theme.logo;
  return {
    title: name ? `${name} - ${product}` : product,
    // Search engines' snippet: the screen, the venue and its tagline.
    description: [name ? `${product} · ${name}` : product, tagline].filter(Boolean).join('. '),
    // The favicon is the venue's logo; without one, the icon /favicon.ico makes (the venue's initial on its colour: server/og/favicon.tsx).
    icons: logo ? { icon: [{ url: logo, type: logo.endsWith('.svg') ? 'image/svg+xml' : undefined }], apple: logo.endsWith('.svg') ? undefined : logo } : { icon: [{ url: '/favicon.ico', type: 'image/png', sizes: '48x48' }] },
    metadataBase: siteOrigin(params.venue),
    alternates: { canonical: localizedPath(locale, path), languages: alternatePaths(path) },
  };
}

/**
 * A page worth sharing (issue 26): its OpenGraph and Twitter cards, with a share image made
 * on this server (`/api/og/...`, 1200 × 630, per language), on top of the screen's title,
 * canonical and hreflang links.
 */
export function withShareCard(
  base: Metadata,
  share: { url: string; title: string; description: string; image: string; siteName?: string; locale: string },
): Metadata {
  const image = { url: share.image, width: 1200, height: 630, alt: share.title };
  return {
    ...base,
    description: share.description,
    openGraph: { type: 'website', url: share.url, title: share.title, description: share.description, siteName: share.siteName || undefined, locale: share.locale, images: [image] },
    twitter: { card: 'summary_large_image', title: share.title, description: share.description, images: [image.url] },
  };
}

/** A list page (gift cards, experiences) with its share card: the list's image (`/api/og/list/{kind}`) and the screen's own description. */
export async function listMetadata(params: VenueParams, screen: ScreenKey, path: string, kind: 'giftcards' | 'experiences'): Promise<Metadata> {
  const base = await screenMetadata(params, screen, path);
  if (!base.metadataBase) return base;
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const location = await getLocation(params.venue);
  const title = typeof base.title === 'string' ? base.title : '';
  const url = new URL(localizedPath(locale, path), siteOrigin(params.venue)).toString();
  return withShareCard(base, { url, title, description: base.description ?? title, image: `/api/og/list/${kind}?locale=${locale}`, siteName: location?.locationname, locale });
}

/** The metadata of a booking's page: its own, or the not-found page's when the booking does not exist. */
export async function bookingPageMetadata(base: Metadata, lookup: Promise<{ status: boolean; error?: string }>): Promise<Metadata> {
  return isMissing(await lookup) ? notFoundMetadata(base) : base;
}
