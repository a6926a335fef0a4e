import type { Event, FoodEstablishment, Offer, OpeningHoursSpecification, WithContext } from 'schema-dts';
import type { Experience } from '@/lib/contract/experience';
import type { Location } from '@/lib/contract/location';
import { currencyIcon, currencyOf } from '@/lib/currency';
import { pickText } from '@/lib/i18n/texts';
import { descriptionText } from '@/lib/html/description';
import { bookableNow, soldOut } from '@/lib/experiences/standing';
import { localizedPath } from '@/lib/i18n/paths';
import { locales, type Locale } from '@/lib/i18n/locales';

/**
 * The site's structured data (issue 26; docs/seo.md), typed with schema-dts and rendered by
 * one component (components/seo/json-ld.tsx): the venue on the home page, an `Event` per
 * bookable date of an experience, an `Offer` per gift card.
 */
export type JsonLd = WithContext<FoodEstablishment> | WithContext<Event> | WithContext<Offer> | WithContext<Event>[];

const absolute = (src: string, origin: URL) => (src ? new URL(src, origin).toString() : '');

/** The parts of a venue its `PostalAddress` is made of (the contract's location, or the venue's row in e-mails). */
export type AddressParts = { name: string; address: string; country: string; postalAddress?: Record<string, string | undefined> | null };

/** A venue's `PostalAddress`: the parts from the venue file, or the one-line address. */
export function postalAddressOf(parts: AddressParts) {
  if (parts.postalAddress) return { '@type': 'PostalAddress' as const, ...Object.fromEntries(Object.entries(parts.postalAddress).filter(([, v]) => v)) };
  return { '@type': 'PostalAddress' as const, streetAddress: parts.address || parts.name, addressCountry: parts.country.toUpperCase() || undefined };
}

const postalAddress = (location: Location) =>
  postalAddressOf({ name: location.locationname, address: location.address, country: location.country, postalAddress: location.place?.postalAddress });

/** The home page's venue: its schema.org type (default Restaurant), contact, hours, and how to book (per language). */
export function venueJsonLd(location: Location, origin: URL, locale: Locale): WithContext<FoodEstablishment> {
  const place = location.place;
  const images = [...(place?.images ?? []), location.theme.cover, location.theme.logo].filter(Boolean).map((src) => absolute(src, origin));
  const bookingUrl = new URL(localizedPath(locale, '/reserve'), origin).toString();
  const hours: OpeningHoursSpecification[] = (place?.openingHours ?? []).map((h) => ({
    '@type': 'OpeningHoursSpecification',
    dayOfWeek: h.dayOfWeek.map((d) => `https://schema.org/${d}`) as OpeningHoursSpecification['dayOfWeek'],
    opens: h.opens,
    closes: h.closes,
    ...(h.validFrom ? { validFrom: h.validFrom, validThrough: h.validThrough } : {}),
  }));
  return {
    '@context': 'https://schema.org',
    '@type': (place?.type || 'Restaurant') as 'Restaurant',
    '@id': new URL('/#venue', origin).toString(),
    name: location.locationname,
    url: new URL(localizedPath(locale, '/'), origin).toString(),
    ...(pickText(location.tagline, locale) ? { description: pickText(location.tagline, locale) } : {}),
    address: postalAddress(location),
    ...(place?.geo ? { geo: { '@type': 'GeoCoordinates', latitude: place.geo.latitude, longitude: place.geo.longitude } } : {}),
    ...(location.phone ? { telephone: location.phone } : {}),
    ...(images.length ? { image: images } : {}),
    ...(place?.servesCuisine.length ? { servesCuisine: place.servesCuisine } : {}),
    ...(place?.priceRange ? { priceRange: place.priceRange } : {}),
    ...(place?.menu ? { hasMenu: absolute(place.menu, origin) } : {}),
    ...(hours.length ? { openingHoursSpecification: hours } : {}),
    currenciesAccepted: currencyIcon(location.valuta).code,
    acceptsReservations: bookingUrl,
    potentialAction: {
      '@type': 'ReserveAction',
      target: locales.map((l) => ({
        '@type': 'EntryPoint',
        urlTemplate: new URL(localizedPath(l, '/reserve'), origin).toString(),
        inLanguage: l,
        actionPlatform: ['https://schema.org/DesktopWebPlatform', 'https://schema.org/MobileWebPlatform'],
      })),
      result: { '@type': 'FoodEstablishmentReservation', name: location.locationname },
    },
  } as WithContext<FoodEstablishment>;
}

/** The experience's `Event`s: one per upcoming bookable date (a bounded number), each with its `Offer`. */
export function experienceJsonLd(
  e: Experience,
  location: Location,
  context: { locale: Locale; url: string; image: string; dates: string[] },
): WithContext<Event>[] {
  const time = e.orari[0] ? `T${e.orari[0]}` : '';
  const dates = context.dates.length ? context.dates : e.data ? [e.data] : [];
  const base = {
    '@context': 'https://schema.org' as const,
    '@type': 'Event' as const,
    name: pickText(e.titolo, context.locale),
    description: descriptionText(pickText(e.descrizione, context.locale)),
    url: context.url,
    image: [context.image],
    inLanguage: context.locale,
    eventStatus: 'https://schema.org/EventScheduled' as const,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode' as const,
    ...(e.durata ? { duration: `PT${e.durata}M` } : {}),
    location: { '@type': 'Place' as const, name: location.locationname, address: postalAddress(location) },
    organizer: { '@type': 'Organization' as const, name: location.locationname, url: new URL(context.url).origin },
  };
  const offer = (date?: string): Offer => ({
    '@type': 'Offer',
    url: context.url,
    price: e.prezzo.toFixed(currencyOf(location.valuta).minorUnits),
    priceCurrency: currencyIcon(location.valuta).code,
    availability: !bookableNow(e) ? 'https://schema.org/Discontinued' : soldOut(e) ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    ...(date ? { validFrom: date } : {}),
  });
  if (!dates.length) return [{ ...base, offers: offer() }];
  return dates.map((date) => ({ ...base, startDate: `${date}${time}`, ...(e.scadenza && e.scadenza === e.data ? { endDate: e.scadenza } : {}), offers: offer(date) }));
}

/**
 * A gift card's `Offer`: its price (or the smallest free amount), currency, availability and validity.
 * `priceCents` is in hundredths, as the contract's amounts are; schema.org's `price` is in the
 * currency's units ("50.00" for € 50), with the currency's own decimals.
 */
export function giftCardJsonLd(card: { name: string; description: string; priceCents: number; currency: string; available: boolean; validMonths: number; image: string }, url: string): WithContext<Offer> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: card.name,
    description: card.description,
    url,
    ...(card.image ? { image: card.image } : {}),
    price: (card.priceCents / 100).toFixed(currencyOf(card.currency).minorUnits),
    priceCurrency: currencyIcon(card.currency).code,
    availability: card.available ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
    ...(card.validMonths > 0 ? { eligibleDuration: { '@type': 'QuantitativeValue', value: card.validMonths, unitCode: 'MON' } } : {}),
    itemOffered: { '@type': 'Product', name: card.name, category: 'Gift card' },
  };
}

/** A promotion's `Offer` (a free code): when it can be asked for and used, how many are left, and the venue. */
export function promotionJsonLd(
  p: { name: string; description: string; url: string; startsAt: string; endsAt: string; expiresAt: string; count: number },
  location: Location,
): WithContext<Offer> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Offer',
    name: p.name,
    description: p.description,
    url: p.url,
    price: 0,
    priceCurrency: currencyIcon(location.valuta).code,
    availabilityStarts: p.startsAt,
    availabilityEnds: p.endsAt,
    validFrom: p.startsAt,
    validThrough: p.expiresAt,
    inventoryLevel: { '@type': 'QuantitativeValue', value: p.count },
    ...(location.locationname ? { offeredBy: { '@type': 'Restaurant', name: location.locationname, address: postalAddress(location) } } : {}),
  };
}

/** The JSON text of a script element: `<` escaped so no text of the venue can close it. */
export const jsonLdText = (data: JsonLd) => JSON.stringify(data).replace(/</g, '\\u003c');
