import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { alternatePaths, localizedPath } from '@/lib/i18n/paths';
import { isLocalVenueKey } from '@/lib/venue/host';
import { getLocation } from '@/lib/venue/data';
import type { VenueParams } from './venue-context';
import type { ScreenKey } from './screens';

export function siteOrigin(venueKey: string): URL {
  if (process.env.SITE_URL) return new URL(process.env.SITE_URL);
  if (isLocalVenueKey(venueKey)) return new URL(`http://localhost:${process.env.PORT || 3000}`);
  return new URL(`https://${venueKey}`);
}

/**
 * Title `{locationname} - {product}` (spec section 2), where the product is the screen's
 * translated name, plus the canonical link and the hreflang alternates of the page.
 */
export async function screenMetadata(params: VenueParams, screen: ScreenKey, path: string): Promise<Metadata> {
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const [t, location] = await Promise.all([getTranslations({ locale, namespace: 'screens' }), getLocation(params.venue)]);
  const product = t(screen);
  return {
    title: location?.locationname ? `${location.locationname} - ${product}` : product,
    metadataBase: siteOrigin(params.venue),
    alternates: { canonical: localizedPath(locale, path), languages: alternatePaths(path) },
  };
}
