import 'server-only';
import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';
import { limitOverridesSchema } from '@/server/limits/config';
import { bookingRulesSchema, isoDateSchema as isoDate, timeSchema as time } from '@/server/booking/rules';

/** The venue file format this code writes and reads (docs/venue-file.md, "Changelog"); older files are migrated (./format.ts). */
export const VENUE_FORMAT_VERSION = 3;

/** One text for each of the five languages (`it` is required, the others fall back to it). */
export const localizedText = z
  .object({
    it: z.string().describe('Italian text (required; shown when a language has none).'),
    en: z.string().optional().describe('English text.'),
    fr: z.string().optional().describe('French text.'),
    es: z.string().optional().describe('Spanish text.'),
    de: z.string().optional().describe('German text.'),
  })
  .describe('A text in the five languages: `it` is required, the others fall back to it.');
export type LocalizedText = z.infer<typeof localizedText>;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb');

export const zoneSchema = z.object({
  key: slug.meta({ description: 'Identifier of the zone, unique in the venue (lower-case letters, digits, dashes); kept across imports.', examples: ['sala'] }),
  name: localizedText.describe('Name of the zone shown to guests.'),
  capacity: z.number().int().positive().meta({ description: 'Covers the zone seats at once, per shift and day.', examples: [40] }),
  selectable: z.boolean().default(true).describe('Whether guests may choose this zone in the booking wizard.'),
});

export const shiftSchema = z.object({
  key: slug.meta({ description: 'Identifier of the shift, unique in the venue; kept across imports.', examples: ['pranzo'] }),
  name: localizedText.describe('Name of the shift shown to guests.'),
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1).meta({ description: 'ISO weekdays the shift runs: 1 = Monday ... 7 = Sunday.', examples: [[2, 3, 4, 5, 6, 7]] }),
  start: time.meta({ description: 'First bookable time, HH:MM in the venue time zone.', examples: ['12:00'] }),
  end: time.meta({ description: 'End of the shift, HH:MM; later than `start`.', examples: ['15:00'] }),
  slotMinutes: z.number().int().positive().default(30).describe('Minutes between two bookable times.'),
  lastSeating: time.optional().meta({ description: 'Last bookable time, HH:MM; unset: the last slot before `end`.', examples: ['14:00'] }),
  /** Covers the whole shift can seat. */
  capacity: z.number().int().positive().meta({ description: 'Covers the whole shift can seat.', examples: [60] }),
  /** Covers that may start at one slot time (kitchen pace); unset: no limit per slot. */
  slotCapacity: z.number().int().positive().optional().meta({ description: 'Covers that may start at one slot time (kitchen pace); unset: no limit per slot.', examples: [20] }),
});

export const experienceSchema = z.object({
  key: slug.meta({ description: 'Identifier of the experience, unique in the venue; its public hash survives re-imports.', examples: ['cena-degustazione'] }),
  title: localizedText.describe('Title shown in lists and on the experience page.'),
  fileTitle: localizedText.optional().describe('Title of the attached file (`file`), if any.'),
  description: localizedText.describe('Description; may contain simple HTML, shown as HTML: p, br, strong, em, b, i, ul, ol, li, and a with an http, https or mailto href (anything else is taken out, its text kept).'),
  bookingConditions: localizedText.optional().describe('Conditions the guest accepts when booking.'),
  /** First and last date the experience is offered; `dates` and `weekdays` narrow it (docs/experiences.md, "Dates"). */
  date: isoDate.optional().meta({ description: 'First day the experience is offered, YYYY-MM-DD; unset: from today (or from the first of `dates`).', examples: ['2027-05-01'] }),
  expiry: isoDate.optional().meta({ description: 'Last day the experience is offered, YYYY-MM-DD; unset: no end (or the last of `dates`, when it has no `weekdays`).', examples: ['2027-09-30'] }),
  dates: z
    .array(isoDate, { error: 'a list of days, YYYY-MM-DD (e.g. ["2027-12-04", "2027-12-11"])' })
    .default([])
    .meta({ description: 'The days it is offered, YYYY-MM-DD (format 3). Alone: only these days. With `weekdays`: these days as well. Each within `date`–`expiry` when those are set.', examples: [['2027-12-03', '2027-12-10', '2027-12-17']] }),
  weekdays: z
    .array(z.number({ error: 'a weekday, 1 = Monday ... 7 = Sunday' }).int().min(1).max(7), { error: 'a list of weekdays, 1 = Monday ... 7 = Sunday (e.g. [5] for Fridays)' })
    .default([])
    .meta({ description: 'ISO weekdays it is offered within `date`–`expiry`, 1 = Monday ... 7 = Sunday (format 3); empty: every day the venue opens. A day the venue is closed (no shift that weekday, or a closure) is never offered.', examples: [[5, 6]] }),
  durationMinutes: z.number().int().nonnegative().default(0).describe('Length in minutes, for the calendar invite; 0: two hours, or the whole day when it has no times.'),
  maxBookings: z.number().int().nonnegative().default(0).describe('Guests accepted per date (`maxPrenotazioni`); 0: no limit.'),
  minGuests: z.number().int().positive().default(1).describe('Fewest guests per booking.'),
  maxGuests: z.number().int().positive().default(10).describe('Most guests per booking.'),
  times: z.array(time).default([]).meta({ description: 'Start times offered, HH:MM; empty: the guest picks a date only.', examples: [['19:30', '21:00']] }),
  zones: z.array(slug).default([]).describe('Keys of the zones the guest may choose from (with `zoneChoice`).'),
  price: z.number().nonnegative().default(0).meta({ description: 'Price per guest in the venue currency (e.g. 45.5); charged at booking when `purchaseType` is 2.', examples: [65] }),
  guaranteeAmount: z.number().nonnegative().default(0).describe('No-show fee of the card guarantee (`guaranteeType`), in the venue currency: the card is saved, not charged; 0: no guarantee.'),
  depositAmount: z.number().nonnegative().default(0).describe('Deposit per guest in the venue currency, charged at booking when `purchaseType` is 1.'),
  guaranteeType: z.number().int().nonnegative().default(0).describe('`tipoCCGaranzia`: 0 no card; 1 a card guarantee whose fee is per booking; 2 per guest (docs/experiences.md).'),
  purchaseType: z.number().int().nonnegative().default(0).describe('`tipoAcquisto`: 0 paid at the venue; 1 a deposit of `depositAmount` per guest; 2 full prepayment, `price` × guests.'),
  experienceType: z.number().int().nonnegative().default(0).describe('`tipoEsperienza`: 0 booked on its own or added to a table booking; 1 on its own only; 2 only added to a table booking.'),
  cancellation: z.number().int().nonnegative().default(0).describe('Free cancellation until this many hours before: a deposit or prepayment is refunded in full, and a card guarantee charges no fee; after that, or with 0, it is not refundable. Say the same in `bookingConditions` (a contradiction is a warning).'),
  photo: z.string().default('').meta({ description: 'Image URL or site path.', examples: ['/venues/demo/degustazione.jpg'] }),
  file: z.string().default('').describe('URL of a file to download (a menu), titled `fileTitle`.'),
  additionalFields: z
    .array(
      z.object({
        key: slug.describe('Identifier of the question.'),
        label: localizedText.describe('Question shown on the booking form.'),
        required: z.boolean().default(false).describe('Whether the guest must answer.'),
      }),
    )
    .default([])
    .describe('Extra questions on the booking form.'),
  active: z.boolean().default(true).describe('Whether the experience can be booked; `false` also takes it off the lists.'),
  visible: z.boolean().default(true).describe('Whether the experience is listed on the experiences page.'),
  calendar: z.boolean().default(true).describe('Whether its dates are offered in the calendars (`flagCalendario`).'),
  askVisitReason: z.boolean().default(false).describe('Whether the booking form asks the reason of the visit.'),
  zoneChoice: z.boolean().default(false).describe('Whether the guest chooses one of `zones`.'),
  soldOutActive: z.boolean().default(false).describe('Whether bookings are still taken once its places are gone (`flagSoldoutAttivo`).'),
  sort: z.number().int().default(0).describe('Position in lists, lowest first.'),
});

export const giftCardSchema = z.object({
  key: slug.meta({ description: 'Identifier of the gift card, unique in the venue.', examples: ['cena-per-due'] }),
  title: localizedText.describe('Title of the card.'),
  description: localizedText.describe('What the card offers.'),
  regulations: localizedText.describe('Terms of use shown before the purchase.'),
  value: z.number().positive().optional().meta({ description: 'Value the card carries, in the venue currency. Required, unless the card has `customValue`: then, with `price`, it only sets the price of the amount chosen (value 100, price 90: 10% off); unset there, the buyer pays the amount.', examples: [100] }),
  price: z.number().positive().optional().meta({ description: 'Price the buyer pays for `value`, in the venue currency. Required with `value`.', examples: [90] }),
  /** When set, the buyer types the value, between min and max (a free-amount card). */
  customValue: z
    .object({
      min: z.number().positive().describe('Smallest value the buyer may choose.'),
      max: z.number().positive().describe('Largest value the buyer may choose.'),
    })
    .optional()
    .meta({ description: 'A free-amount card: the buyer must type its value, between `min` and `max` (`value` and `price` are not needed).', examples: [{ min: 25, max: 500 }] }),
  maxQuantity: z.number().int().positive().default(10).describe('Most cards of this kind in one order.'),
  image: z.string().default('').describe('Image URL or site path.'),
  active: z.boolean().default(true).describe('Whether the card is on sale.'),
});

export const promotionSchema = z.object({
  urlName: slug.meta({ description: 'The promotion\'s address, `/promo/{urlName}`; unique in the venue.', examples: ['primavera'] }),
  title: localizedText.describe('Title of the promotion.'),
  description: localizedText.describe('What the code gives.'),
  /** ISO date-times: the countdown ends at `endsAt`; codes are valid until `validUntil`. */
  startsAt: z.string().datetime({ offset: true }).meta({ description: 'When codes may first be requested, an ISO date-time with offset.', examples: ['2027-04-01T00:00:00+02:00'] }),
  endsAt: z.string().datetime({ offset: true }).meta({ description: 'When requests close (the countdown ends), an ISO date-time with offset; after `startsAt`.', examples: ['2027-04-30T23:59:00+02:00'] }),
  validUntil: isoDate.meta({ description: 'Last day a code can be used, YYYY-MM-DD.', examples: ['2027-05-31'] }),
  quantity: z.number().int().positive().meta({ description: 'Most codes handed out.', examples: [200] }),
  image: z.string().default('').describe('Image URL or site path.'),
  active: z.boolean().default(true).describe('Whether the promotion is open.'),
});

/** An origin a venue's own website is served from: scheme, host and port, no path. */
const embedOrigin = z
  .string()
  .regex(/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i, 'an origin such as https://www.rosa.example (scheme and host, no path or trailing slash)')
  .transform((o) => o.toLowerCase());

export const embedSchema = z
  .object({
    origins: z
      .array(embedOrigin)
      .max(20)
      .default([])
      .describe("Origins of the venue's own websites that may show the booking widget (/embed.js) in a frame, e.g. https://www.rosa.example. They join 'self' in the pages' frame-ancestors; any other site gets a link instead (docs/embed.md)."),
  });

/** schema.org types a venue may be (FoodEstablishment and its subtypes), for its JSON-LD on the home page. */
export const placeTypes = ['Restaurant', 'FoodEstablishment', 'Bakery', 'BarOrPub', 'Brewery', 'CafeOrCoffeeShop', 'Distillery', 'FastFoodRestaurant', 'IceCreamShop', 'Winery'] as const;

/** What search engines are told of the venue (schema.org `Restaurant` on the home page, docs/seo.md). */
export const placeSchema = z
  .object({
    type: z.enum(placeTypes).default('Restaurant').describe('schema.org type of the venue: `Restaurant` or another FoodEstablishment type (`CafeOrCoffeeShop`, `BarOrPub`, `Winery`...).'),
    postalAddress: z
      .object({
        streetAddress: z.string().min(1).meta({ description: 'Street and number.', examples: ['Via dei Neri 42r'] }),
        addressLocality: z.string().min(1).meta({ description: 'Town or city.', examples: ['Firenze'] }),
        postalCode: z.string().min(1).meta({ description: 'Postal code.', examples: ['50122'] }),
        addressRegion: z.string().optional().meta({ description: 'Region or province.', examples: ['FI'] }),
        addressCountry: z.string().length(2).optional().meta({ description: 'Two-letter ISO country code; unset: the venue `country`.', examples: ['IT'] }),
      })
      .optional()
      .describe('The address in parts (schema.org `PostalAddress`); unset: `address` as the street line.'),
    geo: z
      .object({
        latitude: z.number().min(-90).max(90).meta({ description: 'Latitude in degrees (WGS 84), at least 5 decimals.', examples: [43.76872] }),
        longitude: z.number().min(-180).max(180).meta({ description: 'Longitude in degrees (WGS 84), at least 5 decimals.', examples: [11.25802] }),
      })
      .optional()
      .describe('Where the venue is on the map (schema.org `GeoCoordinates`).'),
    servesCuisine: z.array(z.string().min(1)).default([]).meta({ description: 'Cuisines served, in plain words.', examples: [['Toscana', 'Italiana']] }),
    priceRange: z.string().max(100).optional().meta({ description: 'Price range, as symbols or words (under 100 characters).', examples: ['€€', '30-50 €'] }),
    menu: z.string().regex(/^(https?:\/\/|\/)/, 'an http(s) address or a site path starting with /').optional().meta({ description: 'The menu (a page or a PDF): an http(s) address or a site path.', examples: ['https://www.trattoriadarosa.it/menu.pdf', '/venues/demo/menu.pdf'] }),
    images: z.array(z.string().min(1)).default([]).meta({ description: 'Photos of the venue, URLs or site paths; empty: the theme cover and logo.', examples: [['/venues/demo/cover.jpg']] }),
  })
  .describe('How search engines see the venue: its schema.org type, address in parts, map position, cuisine, prices and menu.');
export type VenuePlace = z.infer<typeof placeSchema>;

export const venueFileSchema = z.object({
  $schema: z.string().optional().meta({ description: 'Address of this JSON Schema, for editors; ignored by the import.', examples: ['https://example.com/venue.schema.json', '../docs/venue.schema.json'] }),
  formatVersion: z.literal(VENUE_FORMAT_VERSION).default(VENUE_FORMAT_VERSION).describe('Version of the venue file format; older files are migrated on import (see the changelog).'),
  slug: slug.meta({ description: 'Identifier of the venue, used in internal paths; an import with the same slug updates the venue.', examples: ['demo'] }),
  name: z.string().min(1).meta({ description: 'Name of the venue, shown in titles and e-mails.', examples: ['Trattoria Da Rosa'] }),
  /** Host names that serve this venue; `localhost` and `127.0.0.1` always serve the default venue. */
  hosts: z.array(z.string().min(1)).default([]).meta({ description: 'Host names that serve this venue; no two venues may share one. `localhost` and `127.0.0.1` always serve the default venue.', examples: [['www.trattoriadarosa.it', 'trattoriadarosa.it']] }),
  default: z.boolean().default(false).describe('Whether this is the default venue (served on `localhost` and unknown hosts); one venue at a time.'),
  currency: z.string().min(1).meta({ description: 'Currency of every amount in the file: an ISO 4217 code, or `€`.', examples: ['EUR', 'CHF'] }),
  country: z.string().length(2).meta({ description: 'Two-letter ISO country code, the default phone prefix.', examples: ['IT'] }),
  timezone: z
    .string()
    .min(1)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'unknown IANA time zone')
    .meta({ description: 'IANA time zone every time and date of the file is read in.', examples: ['Europe/Rome'] }),
  tagline: localizedText.optional().describe('One line under the name on the home page.'),
  address: z.string().default('').meta({ description: 'Postal address, shown in the footer and e-mails.', examples: ['Via dei Neri 42r, 50122 Firenze FI, Italia'] }),
  phone: z.string().default('').meta({ description: 'Phone number shown to guests.', examples: ['+39 055 210 4387'] }),
  email: z.string().email().optional().meta({ description: 'Address of the venue: booking notices go there, and replies to guests\' e-mails.', examples: ['prenotazioni@example.com'] }),
  language: z
    .enum(locales)
    .default('it')
    .meta({ description: "The language the venue reads: its own e-mails (a new booking, a change, a cancellation, a gift card sold, a payment to look at) are written in it, never in the guest's. One of it, en, fr, es, de.", examples: ['it', 'de'] }),
  place: placeSchema.optional().describe('How search engines see the venue (schema.org `Restaurant` data on the home page); unset: type `Restaurant`, `address` as the street line.'),
  customHeader: z.string().default('').meta({ description: 'HTML put in <head> (spec section 3): only meta, link, script, style, noscript and base elements are kept, without on* attributes; the check lists what is dropped.', examples: ['<meta name="theme-color" content="#8a2c1b">'] }),
  customFooter: z
    .union([z.string(), localizedText])
    .default('')
    .meta({ description: 'HTML put at the end of every page, as written: one text for every language, or one per language (`it` required; a language without its own shows the Italian one).', examples: ['<p>Closed on Mondays</p>', { it: '<p>Lunedì chiuso</p>', en: '<p>Closed on Mondays</p>' }] }),
  accessibility: z
    .union([z.string(), localizedText])
    .default('')
    .meta({ description: "The venue's own words added to the accessibility statement (/frontpage/accessibility), plain text: one for every language, or one per language (`it` required).", examples: ['Step-free entrance on Via dei Neri; an accessible toilet on the ground floor.'] }),
  theme: z
    .object({
      brandColor: hexColor.default('#8a2c1b').describe('Brand colour, #rrggbb; buttons and links take it.'),
      logo: z.string().default('').meta({ description: 'Logo URL or site path.', examples: ['/venues/demo/logo.svg'] }),
      cover: z.string().default('').meta({ description: 'Cover image URL or site path.', examples: ['/venues/demo/cover.jpg'] }),
    })
    .default({ brandColor: '#8a2c1b', logo: '', cover: '' })
    .describe('Look of the site.'),
  policies: z
    .object({
      version: z.string().min(1).meta({ description: 'Version of the texts, stored with each consent; change it when the texts change.', examples: ['2026-01'] }),
      privacy: localizedText.describe('Privacy notice the guest accepts.'),
      marketing: localizedText.describe('Text of the optional marketing consent.'),
    })
    .describe('Privacy and marketing texts the guest accepts on every form.'),
  zones: z.array(zoneSchema).min(1).describe('Areas of the venue with their own capacity; at least one.'),
  shifts: z.array(shiftSchema).min(1).describe('Weekly opening periods with their bookable times; at least one. Shifts on the same weekday must not overlap.'),
  experiences: z.array(experienceSchema).default([]).describe('Events and menus booked on their own page; those missing from the file are deactivated.'),
  giftCards: z.array(giftCardSchema).default([]).describe('Gift cards on sale; those missing from the file are taken off sale.'),
  promotions: z.array(promotionSchema).default([]).describe('Promo code campaigns; those missing from the file are closed.'),
  fidelity: z
    .object({ enabled: z.boolean().describe('Whether the loyalty programme pages are open.') })
    .default({ enabled: false })
    .describe('Loyalty programme.'),
  booking: bookingRulesSchema.describe('Table-booking rules.'),
  /** Abuse limits over the defaults (server/limits/config.ts, docs/security.md). */
  limits: limitOverridesSchema.optional().describe('Abuse limits over the defaults (docs/security.md, "Limits"), each `{count, windowSeconds}`.'),
  embed: embedSchema.default({ origins: [] }).describe('The booking widget on the venue\'s own website (docs/embed.md).'),
});

export type VenueFile = z.infer<typeof venueFileSchema>;
export type VenueFileInput = z.input<typeof venueFileSchema>;

export const supportedLocales = locales;
