import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';
import { limitOverridesSchema } from '@/server/limits-config';
import { bookingRulesSchema, isoDateSchema as isoDate, timeSchema as time } from '@/server/booking/rules';

/** One text for each of the five languages (`it` is required, the others fall back to it). */
export const localizedText = z.object({
  it: z.string(),
  en: z.string().optional(),
  fr: z.string().optional(),
  es: z.string().optional(),
  de: z.string().optional(),
});
export type LocalizedText = z.infer<typeof localizedText>;

const slug = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb');

export const zoneSchema = z.object({
  key: slug,
  name: localizedText,
  capacity: z.number().int().positive(),
  selectable: z.boolean().default(true),
});

export const shiftSchema = z.object({
  key: slug,
  name: localizedText,
  /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
  weekdays: z.array(z.number().int().min(1).max(7)).min(1),
  start: time,
  end: time,
  slotMinutes: z.number().int().positive().default(30),
  lastSeating: time.optional(),
  /** Covers the whole shift can seat. */
  capacity: z.number().int().positive(),
  /** Covers that may start at one slot time (kitchen pace); unset: no limit per slot. */
  slotCapacity: z.number().int().positive().optional(),
});

export const experienceSchema = z.object({
  key: slug,
  title: localizedText,
  fileTitle: localizedText.optional(),
  description: localizedText,
  bookingConditions: localizedText.optional(),
  /** First and last date the experience is offered. */
  date: isoDate.optional(),
  expiry: isoDate.optional(),
  durationMinutes: z.number().int().nonnegative().default(0),
  maxBookings: z.number().int().nonnegative().default(0),
  minGuests: z.number().int().positive().default(1),
  maxGuests: z.number().int().positive().default(10),
  times: z.array(time).default([]),
  zones: z.array(slug).default([]),
  price: z.number().nonnegative().default(0),
  guaranteeAmount: z.number().nonnegative().default(0),
  depositAmount: z.number().nonnegative().default(0),
  guaranteeType: z.number().int().nonnegative().default(0),
  purchaseType: z.number().int().nonnegative().default(0),
  experienceType: z.number().int().nonnegative().default(0),
  cancellation: z.number().int().nonnegative().default(0),
  photo: z.string().default(''),
  file: z.string().default(''),
  additionalFields: z.array(z.object({ key: slug, label: localizedText, required: z.boolean().default(false) })).default([]),
  active: z.boolean().default(true),
  visible: z.boolean().default(true),
  calendar: z.boolean().default(true),
  askVisitReason: z.boolean().default(false),
  zoneChoice: z.boolean().default(false),
  soldOutActive: z.boolean().default(false),
  sort: z.number().int().default(0),
});

export const giftCardSchema = z.object({
  key: slug,
  title: localizedText,
  description: localizedText,
  regulations: localizedText,
  value: z.number().positive(),
  price: z.number().positive(),
  /** When set, the buyer may choose a custom value between min and max. */
  customValue: z.object({ min: z.number().positive(), max: z.number().positive() }).optional(),
  maxQuantity: z.number().int().positive().default(10),
  image: z.string().default(''),
  active: z.boolean().default(true),
});

export const promotionSchema = z.object({
  urlName: slug,
  title: localizedText,
  description: localizedText,
  /** ISO date-times: the countdown ends at `endsAt`; codes are valid until `validUntil`. */
  startsAt: z.string().datetime({ offset: true }),
  endsAt: z.string().datetime({ offset: true }),
  validUntil: isoDate,
  quantity: z.number().int().positive(),
  image: z.string().default(''),
  active: z.boolean().default(true),
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
  })
  .describe('The booking widget on the venue\'s own website (docs/embed.md).');

export const venueFileSchema = z.object({
  slug,
  name: z.string().min(1),
  /** Host names that serve this venue; `localhost` and `127.0.0.1` always serve the default venue. */
  hosts: z.array(z.string().min(1)).default([]),
  default: z.boolean().default(false),
  currency: z.string().min(1),
  country: z.string().length(2),
  timezone: z.string().min(1).refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'unknown IANA time zone'),
  tagline: localizedText.optional(),
  address: z.string().default(''),
  phone: z.string().default(''),
  email: z.string().email().optional(),
  customHeader: z.string().default(''),
  customFooter: z.string().default(''),
  theme: z
    .object({
      brandColor: hexColor.default('#8a2c1b'),
      logo: z.string().default(''),
      cover: z.string().default(''),
    })
    .default({ brandColor: '#8a2c1b', logo: '', cover: '' }),
  policies: z.object({ version: z.string().min(1), privacy: localizedText, marketing: localizedText }),
  zones: z.array(zoneSchema).min(1),
  shifts: z.array(shiftSchema).min(1),
  experiences: z.array(experienceSchema).default([]),
  giftCards: z.array(giftCardSchema).default([]),
  promotions: z.array(promotionSchema).default([]),
  fidelity: z.object({ enabled: z.boolean() }).default({ enabled: false }),
  booking: bookingRulesSchema,
  /** Abuse limits over the defaults (server/limits-config.ts, docs/security.md). */
  limits: limitOverridesSchema.optional(),
  embed: embedSchema.default({ origins: [] }),
});

export type VenueFile = z.infer<typeof venueFileSchema>;
export type VenueFileInput = z.input<typeof venueFileSchema>;

export const supportedLocales = locales;
