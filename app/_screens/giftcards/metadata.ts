import 'server-only';
import type { Metadata } from 'next';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { pickText } from '@/lib/i18n/texts';
import { getGiftcardList, getLocation } from '@/server/venues/data';
import { screenMetadata, withShareCard } from '@/app/_screens/shell/metadata';
import { siteOrigin } from '@/lib/venue/origin';
import type { VenueParams } from '@/app/_screens/shell/venue-context';

/** The share image of a gift card (server/og/share-images.tsx), per venue (the host), language and card. */
export const giftcardImagePath = (id: string, locale: string) => `/api/og/giftcard/${encodeURIComponent(id)}?locale=${locale}`;

/**
 * A gift card page worth sharing (issue 26): the screen's title, the card's description,
 * canonical and hreflang links, and OpenGraph/Twitter cards with its own image per language.
 */
export async function giftcardMetadata(params: VenueParams, id: string): Promise<Metadata> {
  const path = `/frontpage/giftcard/${encodeURIComponent(id)}`;
  const base = await screenMetadata(params, 'giftcardDetails', path);
  // A host no venue has: no absolute link (screenMetadata gave it no origin).
  if (!base.metadataBase) return base;
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const [cards, location] = await Promise.all([getGiftcardList(params.venue), getLocation(params.venue)]);
  const found = cards.find((c) => c.id === id);
  // A card no longer sold: the page sends the guest on to "not available"; nothing to share.
  if (!found) return base;
  const title = pickText(found.title, locale);
  const url = new URL(localizedPath(locale, path), siteOrigin(params.venue)).toString();
  return withShareCard(base, { url, title, description: pickText(found.description, locale).slice(0, 300) || title, image: giftcardImagePath(id, locale), siteName: location?.locationname, locale });
}
