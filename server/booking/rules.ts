import { z } from 'zod';
import { isCalendarDate, TIME_PATTERN } from '@/lib/params';

const time = z.string().regex(TIME_PATTERN, 'time must be HH:mm');
const isoDate = z.string().refine(isCalendarDate, 'date must be a real day, YYYY-MM-DD');
const key = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');
const texts = z.object({ it: z.string(), en: z.string().optional(), fr: z.string().optional(), es: z.string().optional(), de: z.string().optional() });

/**
 * A venue's table-booking rules (the `booking` section of a venue file). Zones and shifts
 * are their own tables; everything else that decides availability is here.
 */
export const bookingRulesSchema = z
  .object({
    /** Minutes between now and the earliest bookable time. */
    minNoticeMinutes: z.number().int().nonnegative().default(60),
    /** How many days ahead the calendar opens. */
    daysAhead: z.number().int().positive().max(730).default(60),
    partySize: z
      .object({
        min: z.number().int().positive().default(1),
        /** Party sizes offered as direct choices; above, the "More people" select up to `max`. */
        directMax: z.number().int().positive().default(6),
        /** Larger parties are told to contact the venue. */
        max: z.number().int().positive().default(12),
      })
      .default({ min: 1, directMax: 6, max: 12 }),
    /** Bookings up to this many covers are confirmed at once; larger ones wait for the venue (`accept`). */
    autoConfirmMaxCovers: z.number().int().nonnegative().default(8),
    waitingList: z.boolean().default(true),
    /** How long a chosen time is held for the guest. */
    holdMinutes: z.number().int().positive().max(60).default(8),
    /** Visit reasons offered; "Other" is always added last. */
    visitReasons: z.array(z.object({ key, label: texts })).default([]),
    /** Dates the venue is closed. */
    closures: z.array(isoDate).default([]),
    /** Dates the venue opens outside its weekly shifts, with the shifts it opens. */
    specialOpenings: z.array(z.object({ date: isoDate, shifts: z.array(key).min(1) })).default([]),
    /** Booking modules (`/r/{module}`): a named subset of zones, shifts and experiences. */
    modules: z
      .array(
        z.object({
          key,
          name: texts,
          zones: z.array(key).optional(),
          shifts: z.array(key).optional(),
          experiences: z.array(key).optional(),
        }),
      )
      .default([]),
    /**
     * Card guarantee: a card is saved (not charged) when any rule matches (all of a rule's
     * conditions must hold). The cancellation policy and the no-show fee are shown to the guest.
     */
    guarantee: z
      .object({
        when: z
          .array(
            z.object({
              zones: z.array(key).optional(),
              shifts: z.array(key).optional(),
              /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
              weekdays: z.array(z.number().int().min(1).max(7)).optional(),
              minCovers: z.number().int().positive().optional(),
            }),
          )
          .min(1),
        /** Not refundable, always refundable, or refundable until `hoursBefore` the booking. */
        cancellation: z.object({ refundable: z.enum(['never', 'always', 'until']), hoursBefore: z.number().int().positive().default(24) }),
        /** The no-show (and late-cancellation) fee, in the venue currency, per reservation or per guest. */
        fee: z.object({ amount: z.number().nonnegative(), per: z.enum(['reservation', 'guest']) }),
      })
      .optional(),
    /**
     * SMS-code confirmation: `never`, `always`, `aboveCovers` (parties larger than `covers`),
     * or `botUnsure` (instead of the visible challenge when the bot check is unsure).
     */
    smsConfirmation: z
      .object({ mode: z.enum(['never', 'always', 'aboveCovers', 'botUnsure']), covers: z.number().int().nonnegative().default(0) })
      .default({ mode: 'never', covers: 0 }),
  })
  .default({
    smsConfirmation: { mode: 'never', covers: 0 },
    minNoticeMinutes: 60,
    daysAhead: 60,
    partySize: { min: 1, directMax: 6, max: 12 },
    autoConfirmMaxCovers: 8,
    waitingList: true,
    holdMinutes: 8,
    visitReasons: [],
    closures: [],
    specialOpenings: [],
    modules: [],
  });

export type BookingRules = z.infer<typeof bookingRulesSchema>;
export { time as timeSchema, isoDate as isoDateSchema };
