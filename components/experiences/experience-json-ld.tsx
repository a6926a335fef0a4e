import type { Experience } from '@/lib/contract/experience';
import type { Location } from '@/lib/contract/location';
import { currencyIcon } from '@/lib/currency';
import { pickText } from '@/lib/i18n/texts';
import type { Locale } from '@/lib/i18n/locales';

/**
 * schema.org `Event` with an `Offer` (price, currency, availability) for search engines and
 * link previews. `<` is escaped so no text of the venue can close the script element.
 */
export function ExperienceJsonLd({ experience: e, location, locale, url, image }: { experience: Experience; location: Location; locale: Locale; url: string; image: string }) {
  const start = e.data ? `${e.data}${e.orari[0] ? `T${e.orari[0]}` : ''}` : undefined;
  const soldOut = e.maxPrenotazioni > 0 && e.data && e.data === e.scadenza && e.esperienzeDisponibili <= 0;
  const data = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: pickText(e.titolo, locale),
    description: pickText(e.descrizione, locale),
    url,
    image: [image],
    inLanguage: locale,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(start ? { startDate: start } : {}),
    ...(e.scadenza ? { endDate: e.scadenza } : {}),
    ...(e.durata ? { duration: `PT${e.durata}M` } : {}),
    location: { '@type': 'Place', name: location.locationname, address: location.address || location.locationname },
    organizer: { '@type': 'Organization', name: location.locationname, url: new URL(url).origin },
    offers: {
      '@type': 'Offer',
      url,
      price: e.prezzo.toFixed(2),
      priceCurrency: currencyIcon(location.valuta).code,
      availability: !e.flagAttiva || e.flagEsperienzaPassata ? 'https://schema.org/Discontinued' : soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
      ...(e.data ? { validFrom: e.data } : {}),
    },
  };
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, '\\u003c') }} />;
}
