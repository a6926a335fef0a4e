import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { alternatePaths, localizedPath } from '@/lib/i18n/paths';
import { siteOrigin } from '@/lib/venue/origin';
import { getLocation } from '@/lib/venue/data';
import type { VenueParams } from './venue-context';
import type { ScreenKey } from './screens';
import { pickText } from '@/lib/i18n/texts';

export { siteOrigin } from '@/lib/venue/origin';

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
  const [t, location] = await Promise.all([getTranslations({ locale, namespace: 'screens' }), getLocation(params.venue)]);
  const product = t(screen);
  const name = location?.locationname ?? '';
  const tagline = location ? pickText(location.tagline, locale) : '';
  const logo = location?.theme.logo;
  return {
    title: name ? `${name} - ${product}` : product,
    // Search engines' snippet: the screen, the venue and its tagline.
    description: [name ? `${product} · ${name}` : product, tagline].filter(Boolean).join('. '),
    // The favicon is the venue's logo.
    icons: logo ? { icon: [{ url: logo, type: logo.endsWith('.svg') ? 'image/svg+xml' : undefined }], apple: logo.endsWith('.svg') ? undefined : logo } : undefined,
    metadataBase: siteOrigin(params.venue),
    alternates: { canonical: localizedPath(locale, path), languages: alternatePaths(path) },
  };
}
