import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { venues, type Texts } from '@/server/db/schema';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';
import type { BookingRules } from '@/server/booking/rules';
import type { VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { openingHoursOf } from '@/lib/seo/opening-hours';
import { instantOf, localMoment } from '@/server/booking/time';
import { addDays } from '@/server/booking/availability';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';

/** What the booking wizard needs to know of the rules before it asks for availability. */
function publicBooking(rules: BookingRules, venueZones: { key: string; name: Texts; selectable: boolean }[], venueShifts: { key: string; name: Texts }[]) {
  return {
    zones: venueZones.filter((z) => z.selectable).map((z) => ({ key: z.key, name: z.name })),
    partySize: rules.partySize,
    visitReasons: rules.visitReasons,
    waitingList: rules.waitingList,
    holdMinutes: rules.holdMinutes,
    modules: rules.modules.map((m) => ({ key: m.key, name: m.name })),
    shifts: venueShifts.map((s) => ({ key: s.key, name: s.name })),
  };
}

/**
 * `customFooter` is one string (spec section 7): the text of the `language` asked for (else
 * Italian), or the Italian one where that language has none. The venue's text per language
 * travels in the added `customFooterByLanguage` (null when the venue wrote one text for all).
 */
function footerOf(venue: VenueRow, language: string | null) {
  const byLanguage = venue.customFooterTexts ?? null;
  const locale = isLocale(language) ? language : defaultLocale;
  return { customFooter: byLanguage ? byLanguage[locale] || byLanguage[defaultLocale] || venue.customFooter : venue.customFooter, customFooterByLanguage: byLanguage };
}

/**
 * The venue's location as the contract answers it (`location/getlocation`): its name, currency,
 * custom HTML and this project's additions, its texts as stored; `language` picks the one
 * `customFooter` (the core of both doors: the contract's adapter, calls-location.ts, and the
 * typed door, lib/backend/venue.ts).
 */
export async function venueLocation(db: Db, venue: VenueContext, language: string | null) {
  const now = clockNow();
  const { zones: venueZones, shifts: venueShifts, rules } = venue.setup;
  // The promotion running now and whether gift cards are on sale: one statement (issue 42).
  const [services] = await db
    .select({
      promotion: sql<{ urlName: string; title: Texts } | null>`(select json_build_object('urlName', p.url_name, 'title', p.title) from promotions p where p.venue_id = ${venue.id} and p.active and p.starts_at <= ${now.toISOString()}::timestamptz and p.ends_at > ${now.toISOString()}::timestamptz order by p.ends_at limit 1)`,
      giftCards: sql<boolean>`exists (select 1 from gift_cards g where g.venue_id = ${venue.id} and g.active)`,
    })
    .from(venues)
    .where(eq(venues.id, venue.id));
  const promotion = services?.promotion ?? null;
  return {
    valuta: venue.currency,
    locationname: venue.name,
    customHeader: venue.customHeader,
    ...footerOf(venue, language),
    country: venue.country,
    timezone: venue.timezone,
    tagline: venue.tagline,
    address: venue.address,
    phone: venue.phone,
    theme: venue.theme,
    services: {
      giftCards: Boolean(services?.giftCards),
      fidelity: venue.fidelityEnabled,
      promotion,
    },
    policies: venue.policies,
    contactEmail: venue.email ?? '',
    accessibility: venue.accessibilityText ?? '',
    booking: publicBooking(rules, venueZones, venueShifts),
    place: {
      type: venue.place?.type ?? 'Restaurant',
      postalAddress: venue.place?.postalAddress ? { addressRegion: '', addressCountry: venue.country.toUpperCase(), ...venue.place.postalAddress } : null,
      geo: venue.place?.geo ?? null,
      servesCuisine: venue.place?.servesCuisine ?? [],
      priceRange: venue.place?.priceRange ?? '',
      menu: venue.place?.menu ?? '',
      images: venue.place?.images ?? [],
      openingHours: openingHoursOf(venueShifts, rules, localMoment(venue.timezone, now).date),
    },
  };
}

/**
 * Until when the venue's public pages show nothing that changes by itself (issue 43,
 * docs/operations.md "How long a page lives"): the next start or end of one of its promotions
 * (the home page, the header and the promotion's page show the one running), else the venue's
 * next local midnight (pages show today's opening hours and closures, the dates a guest may pick,
 * whether an experience is past). A venue change drops its pages at once (its tag), and a booking
 * that takes an experience's last places drops the pages showing them (server/venues/places.ts).
 * One statement.
 */
export async function pagesUnchangedUntil(db: Db, venue: Pick<VenueContext, 'id' | 'timezone'>, now: Date): Promise<Date> {
  const at = now.toISOString();
  const [row] = await db
    .select({
      next: sql<number | string | null>`(extract(epoch from least((select min(p.starts_at) from promotions p where p.venue_id = ${venue.id} and p.active and p.starts_at > ${at}::timestamptz), (select min(p.ends_at) from promotions p where p.venue_id = ${venue.id} and p.active and p.ends_at > ${at}::timestamptz))) * 1000)::float8`,
    })
    .from(venues)
    .where(eq(venues.id, venue.id));
  const midnight = instantOf(venue.timezone, addDays(localMoment(venue.timezone, now).date, 1), '00:00');
  const promotion = row?.next != null ? new Date(Number(row.next)) : null;
  return promotion && promotion < midnight ? promotion : midnight;
}
