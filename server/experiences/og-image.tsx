import 'server-only';
import type { NextRequest } from 'next/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { getLocation } from '@/server/venues/data';
import { loadExperience } from '@/server/experiences/data';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { pickText } from '@/lib/i18n/texts';
import { formatPrice } from '@/lib/currency';
import { formatDay } from '@/lib/i18n/format';
import { photoSource } from '@/server/og/photo';
import { brandOf, shareCard } from '@/server/og/share-images';

/**
 * The experience's share image (1200 × 630, server/og/share-images.tsx): its photo when it
 * has one, its title, its date and its price, on the venue's brand colour.
 */
export async function handleExperienceImage(request: NextRequest, hash: string) {
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const param = request.nextUrl.searchParams.get('locale');
  const locale = isLocale(param) ? param : defaultLocale;
  const [experience, location] = await Promise.all([loadExperience(venueKey, hash), getLocation(venueKey)]);
  if (!experience) return new Response('Not found', { status: 404 });
  const title = pickText(experience.titolo, locale);
  const photo = await photoSource(experience.foto);
  const lines = [
    experience.data ? formatDay(experience.data, locale) + (experience.scadenza && experience.scadenza !== experience.data ? ` – ${formatDay(experience.scadenza, locale)}` : '') : '',
    experience.prezzo > 0 ? formatPrice(experience.prezzo, location?.valuta ?? '€', locale) : '',
  ].filter(Boolean);
  return shareCard(brandOf(location), photo, location?.locationname ?? '', title, lines);
}
