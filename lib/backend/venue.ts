import type { BackendClient, Loaded } from './client';
import type { Location } from '@/lib/contract/location';
import { allTexts } from '@/lib/contract/fields';
import type { StoredTexts } from './texts';

type Named = { key: string; name: StoredTexts };
type Place = NonNullable<Location['place']>;

/** The venue's location as the core answers it (server/venues/location.ts): its texts as stored, the venue's own objects as kept. */
export type StoredLocation = {
  valuta: string;
  locationname: string;
  customHeader: string;
  customFooter: StoredTexts;
  customFooterByLanguage: StoredTexts | null;
  country: string;
  timezone: string;
  tagline: StoredTexts | null;
  address: string;
  phone: string;
  theme: { brandColor?: string | null; logo?: string | null; cover?: string | null } | null;
  services: { giftCards: boolean; fidelity: boolean; promotion: { urlName: string; title: StoredTexts } | null };
  policies: { version?: string | number | null; privacy?: StoredTexts | null; marketing?: StoredTexts | null } | null;
  contactEmail: string;
  accessibility: StoredTexts;
  booking: {
    partySize: { min: number; directMax: number; max: number };
    visitReasons: { key: string; label: StoredTexts }[];
    waitingList: boolean;
    holdMinutes: number;
    modules: Named[];
    zones: Named[];
    shifts: Named[];
  };
  place: (Omit<Place, 'postalAddress'> & { postalAddress: Partial<Record<keyof NonNullable<Place['postalAddress']>, string | null>> | null }) | null;
};

const named = (list: Named[]) => list.map((n) => ({ key: n.key, name: allTexts(n.name) }));
const text = (v: string | null | undefined) => v ?? '';

/**
 * The location as the pages read it, the same from either door: every text in every language
 * (`allTexts`; the footer per language wins over the one footer, as the contract's reader has
 * it), each of the venue's objects with the contract's fields only.
 */
export function locationOf(s: StoredLocation): Location {
  const p = s.place;
  const address = p?.postalAddress;
  const promotion = s.services.promotion;
  return {
    valuta: s.valuta,
    locationname: s.locationname,
    customHeader: s.customHeader,
    customFooter: allTexts(s.customFooterByLanguage ?? s.customFooter),
    country: s.country,
    timezone: s.timezone,
    tagline: allTexts(s.tagline),
    address: s.address,
    phone: s.phone,
    theme: { brandColor: text(s.theme?.brandColor), logo: text(s.theme?.logo), cover: text(s.theme?.cover) },
    services: { giftCards: s.services.giftCards, fidelity: s.services.fidelity, promotion: promotion && { urlName: promotion.urlName, title: allTexts(promotion.title) } },
    booking: {
      partySize: { min: s.booking.partySize.min, directMax: s.booking.partySize.directMax, max: s.booking.partySize.max },
      visitReasons: s.booking.visitReasons.map((r) => ({ key: r.key, label: allTexts(r.label) })),
      waitingList: s.booking.waitingList,
      holdMinutes: s.booking.holdMinutes,
      modules: named(s.booking.modules),
      zones: named(s.booking.zones),
      shifts: named(s.booking.shifts),
    },
    place: p && {
      type: p.type,
      postalAddress: address
        ? { streetAddress: text(address.streetAddress), addressLocality: text(address.addressLocality), postalCode: text(address.postalCode), addressRegion: text(address.addressRegion), addressCountry: text(address.addressCountry) }
        : null,
      geo: p.geo ? { latitude: p.geo.latitude, longitude: p.geo.longitude } : null,
      servesCuisine: p.servesCuisine,
      priceRange: p.priceRange,
      menu: p.menu,
      images: p.images,
      openingHours: p.openingHours.map((h) => ({ dayOfWeek: h.dayOfWeek, opens: h.opens, closes: h.closes, ...(h.validFrom ? { validFrom: h.validFrom } : {}), ...(h.validThrough ? { validThrough: h.validThrough } : {}) })),
    },
    contactEmail: s.contactEmail,
    accessibility: allTexts(s.accessibility),
    policies: { version: String(s.policies?.version ?? ''), privacy: allTexts(s.policies?.privacy), marketing: allTexts(s.policies?.marketing) },
  };
}

/**
 * The venue's own door (issue 42, "One core, two doors"), as the table door (lib/backend/tables.ts):
 * the built-in backend calls its core (server/venues/location.ts) directly; a legacy backend is
 * called through the wire format (`wireVenue`).
 */
export interface VenueDoor {
  /** The venue's location (a failed call reads as failed, an unknown venue as `unknownVenue`). */
  location(): Promise<Loaded<Location>>;
}

/** The venue door over the contract's wire format (`location/getlocation`): a legacy backend's. */
export function wireVenue(client: BackendClient): VenueDoor {
  return { location: () => client.getLocation() };
}
