import 'server-only';
import type { Metadata } from 'next';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { pickText } from '@/lib/i18n/texts';
import { descriptionText } from '@/lib/html/description';
import { getLocation } from '@/server/venues/data';
import { notFoundMetadata, screenMetadata, withShareCard } from '@/app/_screens/shell/metadata';
import { siteOrigin } from '@/lib/venue/origin';
import type { VenueParams } from '@/app/_screens/shell/venue-context';
import { loadExperience } from '@/server/experiences/data';

/** The OpenGraph image of an experience, per venue (the host), language and experience. */
export const experienceImagePath = (hash: string, locale: string) => `/api/og/experience/${encodeURIComponent(hash)}?locale=${locale}`;

/**
 * An experience page worth sharing: `{locationname} - {title}`, its description, canonical
 * and hreflang links, and OpenGraph/Twitter cards whose image carries its photo, title,
 * date and price.
 */

export async function experienceMetadata(params: VenueParams, hash: string): Promise<Metadata> {
  const base = await screenMetadata(params, 'experience', `/frontpage/esperienze/${hash}`);
  // A host no venue has: no absolute link (screenMetadata gave it no origin).
  if (!base.metadataBase) return base;
  const locale = isLocale(params.locale) ? params.locale : defaultLocale;
  const [experience, location] = await Promise.all([loadExperience(params.venue, hash), getLocation(params.venue)]);
  if (!experience) return notFoundMetadata(base);
  const title = pickText(experience.titolo, locale);
  const description = descriptionText(pickText(experience.descrizione, locale)).slice(0, 300);
  const url = new URL(localizedPath(locale, `/frontpage/esperienze/${hash}`), siteOrigin(params.venue)).toString();
  return {
    ...withShareCard(base, { url, title, description, image: experienceImagePath(hash, locale), siteName: location?.locationname, locale }),
    // Experiences not listed (`flagVisibile` 0) are reached by link only: not for search engines.
    robots: experience.flagVisibile ? undefined : { index: false },
  };
}
