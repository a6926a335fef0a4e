import 'server-only';
import { ImageResponse } from 'next/og';
import type { NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { getExperienceList, getGiftcardList, getLocation } from '@/server/venues/data';
import { isLocale, defaultLocale, type Locale } from '@/lib/i18n/locales';
import { pickText } from '@/lib/i18n/texts';
import { formatPrice } from '@/lib/currency';
import type { Location } from '@/lib/contract/location';
import { photoSource } from './photo';

/** What a share image is cached for: like the venue's pages (5 minutes, then served stale while a new one renders). */
const CACHE = 'public, max-age=300, s-maxage=300, stale-while-revalidate=86400';
const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } });

export const brandOf = (location: Location | null) => (/^#[0-9a-f]{6}$/i.test(location?.theme?.brandColor ?? '') ? location!.theme.brandColor : '#7a2e1f');
/** A line as the bundled font can draw it: no-break spaces (French prices and dates) as spaces, clipped with an ellipsis. Satori would otherwise fetch a font for them from the network. */
export const clip = (raw: string, max: number) => {
  const text = raw.replace(/[\u00a0\u202f\u2009]/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
};

function requestOf(request: NextRequest): { venueKey: string; locale: Locale } {
  const param = request.nextUrl.searchParams.get('locale');
  return { venueKey: venueKeyForHost(request.headers.get('host')), locale: isLocale(param) ? param : defaultLocale };
}

/** One share card (1200 × 630): a photo on the left when there is one, then the venue, a title and up to three lines, on the venue's colour. */
export function shareCard(brand: string, photo: string, venueName: string, title: string, lines: string[]) {
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', background: brand, color: '#fff', fontFamily: 'sans-serif' }}>
        {/* Satori (next/og) draws plain <img> elements; next/image does not apply here. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {photo ? <img src={photo} alt="" width={520} height={630} style={{ objectFit: 'cover' }} /> : null}
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: 64, flex: 1 }}>
          <div style={{ fontSize: 30, opacity: 0.85 }}>{clip(venueName, 60)}</div>
          <div style={{ fontSize: title.length > 40 ? 54 : 68, fontWeight: 700, lineHeight: 1.1, marginTop: 16 }}>{clip(title, 80)}</div>
          {lines.map((line) => (
            <div key={line} style={{ fontSize: 34, marginTop: 20 }}>
              {clip(line, 60)}
            </div>
          ))}
        </div>
      </div>
    ),
    { width: 1200, height: 630, headers: { 'Cache-Control': CACHE } },
  );
}

/** `GET /api/og/giftcard/{id}?locale=`: a gift card's share image, per venue (host) and language: its photo, title and value. */
export async function handleGiftcardImage(request: NextRequest, id: string) {
  const { venueKey, locale } = requestOf(request);
  const [cards, location, t, screens] = await Promise.all([getGiftcardList(venueKey), getLocation(venueKey), getTranslations({ locale, namespace: 'giftcards' }), getTranslations({ locale, namespace: 'screens' })]);
  const found = cards.find((c) => c.id === id);
  if (!found || !location) return notFound();
  const money = (amount: number) => formatPrice(amount, location.valuta, locale);
  const value =
    found.customMin !== null && found.customMax !== null
      ? t('customValueHint', { min: money(found.customMin), max: money(found.customMax) })
      : `${t('value')}: ${money(found.value)}`;
  return shareCard(brandOf(location), await photoSource(found.image), location.locationname, pickText(found.title, locale), [screens('giftcardList'), value]);
}

/** `GET /api/og/list/{giftcards|experiences}?locale=`: the share image of a list page: the venue's cover, the list's name and its first three titles. */
export async function handleListImage(request: NextRequest, kind: string) {
  if (kind !== 'giftcards' && kind !== 'experiences') return notFound();
  const { venueKey, locale } = requestOf(request);
  const [location, screens] = await Promise.all([getLocation(venueKey), getTranslations({ locale, namespace: 'screens' })]);
  if (!location) return notFound();
  // Listed experiences only (`flagVisibile`): the others are reached by link.
  const titles =
    kind === 'giftcards'
      ? (await getGiftcardList(venueKey)).map((c) => pickText(c.title, locale))
      : (await getExperienceList(venueKey)).elenco.filter((e) => e.flagVisibile).map((e) => pickText(e.titolo, locale));
  return shareCard(brandOf(location), await photoSource(location.theme.cover), location.locationname, screens(kind === 'giftcards' ? 'giftcardList' : 'experienceBooking'), titles.slice(0, 3));
}
