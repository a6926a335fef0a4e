import { useSiteDatabase } from '../helpers/databases';
import { TEST_NOW } from '../helpers/clock';
import { locales } from '@/lib/i18n/locales';

/**
 * Issue 26: every page's structured data, in all five languages, as the pages build it from
 * the built-in backend's answers: it parses, and it has what Google's rich results require of
 * a LocalBusiness/Restaurant (name, address) and of an Event (name, startDate, location with
 * its address), each Event with an Offer.
 */
describe('JSON-LD of the home, experience, gift card and promotion pages', () => {
  useSiteDatabase('pglite', { calendar: true });

  /** What a crawler reads: the script element's text, parsed back. */
  const roundTrip = async (data: unknown) => {
    const { jsonLdText } = await import('@/lib/seo/json-ld');
    const text = jsonLdText(data as Parameters<typeof jsonLdText>[0]);
    expect(text).not.toMatch(/<\/script/i);
    return JSON.parse(text);
  };
  const origin = new URL('https://demo.example');
  const load = async () => {
    const { backendFor } = await import('@/server/backend');
    const location = await backendFor('localhost').getLocation();
    if (location.status !== 'ok') throw new Error('no location');
    return location.data;
  };

  it('the venue: its type, name, PostalAddress, geo, phone, hours from the shifts, and a ReserveAction per language', async () => {
    const { venueJsonLd } = await import('@/lib/seo/json-ld');
    const location = await load();
    for (const locale of locales) {
      const data = await roundTrip(venueJsonLd(location, origin, locale));
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type']).toBe('Restaurant');
      expect(data.name).toBe('Trattoria Da Rosa');
      expect(data.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: 'Via dei Neri 42r', addressLocality: 'Firenze', postalCode: '50122', addressCountry: 'IT' });
      expect(data.geo).toEqual({ '@type': 'GeoCoordinates', latitude: 43.76872, longitude: 11.25802 });
      expect(data.telephone).toBe('+39 055 210 4387');
      expect(data.servesCuisine).toEqual(['Toscana', 'Italiana']);
      expect(data.priceRange).toBe('€€');
      expect(data.image.length).toBeGreaterThan(0);
      // Dinner Tuesday to Sunday 19:00–23:30, and the closures still to come as closed days.
      expect(data.openingHoursSpecification).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ '@type': 'OpeningHoursSpecification', opens: '19:00', closes: '23:30', dayOfWeek: expect.arrayContaining(['https://schema.org/Tuesday', 'https://schema.org/Sunday']) }),
          expect.objectContaining({ opens: '00:00', closes: '00:00', validFrom: expect.any(String) }),
        ]),
      );
      expect(data.openingHoursSpecification.find((h: { dayOfWeek: string[] }) => h.dayOfWeek.includes('https://schema.org/Monday') && !('validFrom' in h))).toBeUndefined();
      expect(data.acceptsReservations).toBe(`https://demo.example${locale === 'it' ? '' : `/${locale}`}/reserve`);
      expect(data.potentialAction['@type']).toBe('ReserveAction');
      expect(data.potentialAction.target.map((t: { inLanguage: string; urlTemplate: string }) => [t.inLanguage, t.urlTemplate])).toEqual(
        locales.map((l) => [l, `https://demo.example${l === 'it' ? '' : `/${l}`}/reserve`]),
      );
    }
  });

  it('every experience: an Event per upcoming bookable date with startDate, location and address, and an Offer', async () => {
    const { experienceJsonLd } = await import('@/lib/seo/json-ld');
    const { upcomingExperienceDates, EVENT_DATES } = await import('@/server/experiences/data');
    const { backendFor } = await import('@/server/backend');
    const location = await load();
    const list = await backendFor('localhost').getExperienceList();
    expect(list.status === 'ok' && list.data.elenco.length).toBeGreaterThanOrEqual(3);
    const today = TEST_NOW.toISOString().slice(0, 10);
    for (const e of list.status === 'ok' ? list.data.elenco : []) {
      const dates = await upcomingExperienceDates('localhost', e, today);
      expect(dates.length).toBeGreaterThan(0);
      expect(dates.length).toBeLessThanOrEqual(EVENT_DATES);
      for (const locale of locales) {
        const events = await roundTrip(experienceJsonLd(e, location, { locale, url: `https://demo.example/frontpage/esperienze/${e.hash}`, image: 'https://demo.example/x.png', dates }));
        expect(events).toHaveLength(dates.length);
        for (const [i, event] of events.entries()) {
          expect(event['@type']).toBe('Event');
          expect(event.name).toBeTruthy();
          expect(event.startDate.startsWith(dates[i])).toBe(true);
          expect(event.location).toMatchObject({ '@type': 'Place', name: 'Trattoria Da Rosa', address: { '@type': 'PostalAddress', streetAddress: 'Via dei Neri 42r' } });
          expect(event.offers).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock' });
        }
      }
    }
  });

  it('every gift card: an Offer with price, currency, availability and validity; the promotion too', async () => {
    const { giftCardJsonLd, promotionJsonLd } = await import('@/lib/seo/json-ld');
    const { backendFor } = await import('@/server/backend');
    const location = await load();
    const cards = await backendFor('localhost').getGiftcards();
    expect(cards.status).toBe('ok');
    for (const card of cards.status === 'ok' ? cards.data : []) {
      for (const locale of locales) {
        const offer = await roundTrip(giftCardJsonLd({ name: card.title[locale] ?? card.title.it, description: '', priceCents: card.price, currency: location.valuta, available: true, validMonths: 12, image: '' }, `https://demo.example/frontpage/giftcard/${card.id}`));
        expect(offer).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', eligibleDuration: { value: 12, unitCode: 'MON' } });
        expect(offer.price).toBe((card.price / 100).toFixed(2));
      }
    }
    const promo = await roundTrip(promotionJsonLd({ name: 'x', description: '', url: 'https://demo.example/promo/x', startsAt: '2031-01-01', endsAt: '2031-02-01', expiresAt: '2031-03-01', count: 3 }, location));
    expect(promo).toMatchObject({ '@type': 'Offer', priceCurrency: 'EUR', offeredBy: { '@type': 'Restaurant', address: { '@type': 'PostalAddress' } } });
  });
});
