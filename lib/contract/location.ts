import { z } from 'zod';
import { flag, flagOr, num, orNull, str, texts } from './fields';

/**
 * `location/getlocation` (spec section 7); fields after `customFooter` are this project's
 * additions, so a legacy backend that sends only the spec's four fields gets the whole
 * site: a missing service reads as offered, and each service's own calls decide (their
 * "not available", "no longer active" and "not active" pages). Only an explicit `false`
 * hides a service.
 */
export const locationSchema = z.object({
  valuta: str,
  locationname: str,
  customHeader: str,
  /** A string (spec sections 3 and 7); read as a text per language (an older backend of ours sent the object here). */
  customFooter: texts,
  /** Addition (issue 41): the footer per language; when sent it wins over `customFooter`, which a legacy backend sends alone. */
  customFooterByLanguage: orNull(texts),
  country: str,
  timezone: str,
  tagline: texts,
  address: str,
  phone: str,
  theme: z
    .object({ brandColor: str, logo: str, cover: str })
    .nullish()
    .transform((t) => t ?? { brandColor: '', logo: '', cover: '' }),
  services: z
    .object({
      giftCards: flagOr(true),
      fidelity: flagOr(true),
      promotion: orNull(z.object({ urlName: str, title: texts })),
    })
    .nullish()
    .transform((s) => s ?? { giftCards: true, fidelity: true, promotion: null }),
  booking: z
    .object({
      partySize: z.object({ min: num, directMax: num, max: num }),
      visitReasons: z.array(z.object({ key: str, label: texts })).default([]),
      waitingList: flag,
      holdMinutes: num,
      modules: z.array(z.object({ key: str, name: texts })).default([]),
      zones: z.array(z.object({ key: str, name: texts })).default([]),
      /** The venue's shifts (Lunch, Dinner): the times step groups slots under their names. */
      shifts: z.array(z.object({ key: str, name: texts })).default([]),
    })
    .nullish()
    .transform((b) => b ?? { partySize: { min: 1, directMax: 6, max: 12 }, visitReasons: [], waitingList: false, holdMinutes: 8, modules: [], zones: [], shifts: [] }),
  /**
   * What search engines are told of the venue (issue 26, the home page's JSON-LD): its
   * schema.org type, address in parts, map position, cuisine, prices, menu, photos and
   * opening hours. Optional: without it the JSON-LD has the name, address and phone.
   */
  place: z
    .object({
      type: z.string().catch('Restaurant'),
      postalAddress: z.object({ streetAddress: str, addressLocality: str, postalCode: str, addressRegion: str, addressCountry: str }).nullish().catch(null),
      geo: z.object({ latitude: z.number(), longitude: z.number() }).nullish().catch(null),
      servesCuisine: z.array(z.string()).catch([]).default([]),
      priceRange: str,
      menu: str,
      images: z.array(z.string()).catch([]).default([]),
      openingHours: z
        .array(z.object({ dayOfWeek: z.array(z.string()), opens: z.string(), closes: z.string(), validFrom: z.string().optional(), validThrough: z.string().optional() }))
        .catch([])
        .default([]),
    })
    .nullish()
    .catch(null)
    .transform((p) => p ?? null),
  /** The venue's public e-mail address (issue 26: the accessibility statement's contact); optional. */
  contactEmail: str,
  /** The venue's own words in its accessibility statement, one text or one per language; optional. */
  accessibility: texts,
  policies: z
    .object({ version: str, privacy: texts, marketing: texts })
    .nullish()
    .transform((p) => p ?? { version: '', privacy: texts.parse(''), marketing: texts.parse('') }),
}).transform(({ customFooterByLanguage, ...location }) => ({ ...location, customFooter: customFooterByLanguage ?? location.customFooter }));
export type Location = z.infer<typeof locationSchema>;

/** What a page shows when `getlocation` failed (spec section 7): no name, no custom HTML, the defaults. */
export const emptyLocation: Location = locationSchema.parse({});

/** `services/getallservices`: `data.prefixList[]` of `{paese, prefisso}`; `iso` is an addition. */
export const prefixItemSchema = z.object({ paese: str, prefisso: str, iso: str });
export type PrefixItem = z.infer<typeof prefixItemSchema>;

export const servicesSchema = z.object({
  prefixList: z
    .array(prefixItemSchema)
    .nullish()
    .transform((l) => l ?? []),
});
