import 'server-only';
import { and, eq, gt, lte } from 'drizzle-orm';
import { giftCards, promotions, shifts, zones } from '@/server/db/schema';
import type { CallContext, Envelope } from '@/server/backend/call';
import { bookingRulesSchema } from '@/server/booking/rules';
import type { VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { openingHoursOf } from '@/lib/seo/opening-hours';
import { localMoment } from '@/server/booking/time';
import { defaultLocale, isLocale } from '@/lib/i18n/locales';

/** What the booking wizard needs to know of the rules before it asks for availability. */
function publicBooking(venue: VenueRow, venueZones: { key: string; name: unknown; selectable: boolean }[], venueShifts: { key: string; name: unknown }[]) {
  const rules = bookingRulesSchema.parse(venue.booking ?? undefined);
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

/** `location/getlocation {language?}` → the venue's name, currency, custom HTML and this project's additions. */
export async function getLocation({ db, venue, params }: CallContext): Promise<Envelope> {
  const now = clockNow();
  const [promotion] = await db
    .select({ urlName: promotions.urlName, title: promotions.title })
    .from(promotions)
    .where(
      and(
        eq(promotions.venueId, venue.id),
        eq(promotions.active, true),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .orderBy(promotions.endsAt)
    .limit(1);
  const giftCardCount = await db.$count(giftCards, and(eq(giftCards.venueId, venue.id), eq(giftCards.active, true)));
  const venueZones = await db.select().from(zones).where(eq(zones.venueId, venue.id));
  const venueShifts = await db.select({ key: shifts.key, name: shifts.name, weekdays: shifts.weekdays, startTime: shifts.startTime, endTime: shifts.endTime }).from(shifts).where(eq(shifts.venueId, venue.id));
  const rules = bookingRulesSchema.parse(venue.booking ?? undefined);
  return {
    status: true,
    data: {
      valuta: venue.currency,
      locationname: venue.name,
      customHeader: venue.customHeader,
      ...footerOf(venue, params.get('language')),
      country: venue.country,
      timezone: venue.timezone,
      tagline: venue.tagline,
      address: venue.address,
      phone: venue.phone,
      theme: venue.theme,
      services: {
        giftCards: giftCardCount > 0,
        fidelity: venue.fidelityEnabled,
        promotion: promotion ?? null,
      },
      policies: venue.policies,
      contactEmail: venue.email ?? '',
      accessibility: venue.accessibilityText ?? '',
      booking: publicBooking(venue, venueZones, venueShifts),
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
    },
  };
}
