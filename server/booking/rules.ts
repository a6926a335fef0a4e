import 'server-only';
import { z } from 'zod';
import { isCalendarDate, TIME_PATTERN } from '@/lib/params';

const time = z.string({ error: 'a time, HH:MM (e.g. "19:30")' }).regex(TIME_PATTERN, 'time must be HH:mm');
/** A day, `YYYY-MM-DD`: the pattern goes into the JSON Schema (editors flag "24/12/2026"), the refinement refuses 2027-02-30. */
const isoDate = z
  .string({ error: 'a day, YYYY-MM-DD (e.g. "2027-08-15")' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be a real day, YYYY-MM-DD')
  .refine(isCalendarDate, 'date must be a real day, YYYY-MM-DD');

/** Longest closure range (a year): a longer one is more likely a typo in a year than a closure. */
export const MAX_CLOSURE_DAYS = 366;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000;
const nextDay = (date: string) => new Date((dayNumber(date) + 1) * 86_400_000).toISOString().slice(0, 10);

const closureRange = z
  .object({
    from: isoDate.meta({ description: 'First closed day, YYYY-MM-DD.', examples: ['2027-12-24'] }),
    to: isoDate.meta({ description: 'Last closed day, YYYY-MM-DD; on or after `from`.', examples: ['2027-12-26'] }),
  })
  .refine((r) => r.to >= r.from, { path: ['to'], message: 'a day on or after `from`' })
  .refine((r) => r.to < r.from || dayNumber(r.to) - dayNumber(r.from) < MAX_CLOSURE_DAYS, { path: ['to'], message: `a day at most ${MAX_CLOSURE_DAYS} days after \`from\`` })
  .describe('Closed from `from` to `to`, both included.');

/**
 * Closures as written (single days, or ranges `{"from", "to"}`, format 3), read as the list
 * of closed days every reader checks with `includes(date)`; stored that way, so reading the
 * stored rules again gives the same list.
 */
const closures = z
  .array(z.union([isoDate, closureRange], { error: 'a day (YYYY-MM-DD) or a range {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}' }), {
    error: 'a list of days (YYYY-MM-DD) or ranges {"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}',
  })
  .transform((list) => {
    const days = new Set<string>();
    for (const c of list) {
      if (typeof c === 'string') days.add(c);
      else for (let d = c.from; d <= c.to; d = nextDay(d)) days.add(d);
    }
    return [...days].sort();
  });
const key = z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes');
/** A table's name as staff call it ("12", "T4", "Bar 2"): a "+" joins the names of a combination on the sheet. */
const tableName = z.string().regex(/^[A-Za-z0-9À-ÿ][A-Za-z0-9À-ÿ -]{0,19}$/, 'a table name (letters, digits, spaces and dashes, at most 20)');
const texts = z
  .object({ it: z.string().describe('Italian text (required).'), en: z.string().optional().describe('English text.'), fr: z.string().optional().describe('French text.'), es: z.string().optional().describe('Spanish text.'), de: z.string().optional().describe('German text.') })
  .describe('A text in the five languages: `it` is required, the others fall back to it.');

/**
 * A venue's table-booking rules (the `booking` section of a venue file). Zones and shifts
 * are their own tables; everything else that decides availability is here.
 */
export const bookingRulesSchema = z
  .object({
    /** Minutes between now and the earliest bookable time. */
    minNoticeMinutes: z.number().int().nonnegative().default(60).describe('Minutes between now and the earliest bookable time.'),
    /** How many days ahead the calendar opens. */
    daysAhead: z.number().int().positive().max(730).default(60).describe('How many days ahead the calendar opens (at most 730).'),
    partySize: z
      .object({
        min: z.number().int().positive().default(1).describe('Smallest party.'),
        /** Party sizes offered as direct choices; above, the "More people" select up to `max`. */
        directMax: z.number().int().positive().default(6).describe('Largest party offered as a direct choice; above it, a "More people" select up to `max`.'),
        /** Larger parties are told to contact the venue. */
        max: z.number().int().positive().default(12).describe('Largest party booked online; larger ones are told to contact the venue.'),
      })
      .default({ min: 1, directMax: 6, max: 12 })
      .describe('Party sizes offered in the booking wizard.'),
    /** Bookings up to this many covers are confirmed at once; larger ones wait for the venue (`accept`). */
    autoConfirmMaxCovers: z.number().int().nonnegative().default(8).describe('Bookings up to this many covers are confirmed at once; larger ones wait for the venue.'),
    waitingList: z.boolean().default(true).describe('Whether a full time offers the waiting list.'),
    /** How long a chosen time is held for the guest. */
    holdMinutes: z.number().int().positive().max(60).default(8).describe('Minutes a chosen time is held for the guest (at most 60).'),
    /** Visit reasons offered; "Other" is always added last. */
    visitReasons: z.array(z.object({ key: key.describe('Identifier of the reason.'), label: texts.describe('Label shown to guests.') })).default([]).describe('Visit reasons offered; "Other" is always added last.'),
    /** Dates the venue is closed. */
    closures: closures.default([]).meta({
      description: 'Days the venue is closed: single days, YYYY-MM-DD, or ranges `{"from": "YYYY-MM-DD", "to": "YYYY-MM-DD"}` (both days included, at most a year). No table and no experience is offered on them.',
      examples: [['2027-08-15', { from: '2027-12-24', to: '2027-12-26' }]],
    }),
    /** Dates the venue opens outside its weekly shifts, with the shifts it opens. */
    specialOpenings: z.array(z.object({ date: isoDate.describe('The day, YYYY-MM-DD.'), shifts: z.array(key).min(1).describe('Keys of the shifts open that day.') })).default([]).describe('Days the venue opens outside its weekly shifts, with the shifts it opens.'),
    /** Booking modules (`/r/{module}`): a named subset of zones, shifts and experiences. */
    modules: z
      .array(
        z.object({
          key: key.describe('Identifier of the module, its address `/r/{key}`.'),
          name: texts.describe('Name of the module.'),
          zones: z.array(key).optional().describe('Keys of the zones offered; unset: all.'),
          shifts: z.array(key).optional().describe('Keys of the shifts offered; unset: all.'),
          experiences: z.array(key).optional().describe('Keys of the experiences offered; unset: all.'),
        }),
      )
      .default([])
      .describe('Booking modules (`/r/{key}`): a named subset of zones, shifts and experiences.'),
    /**
     * Card guarantee: a card is saved (not charged) when any rule matches (all of a rule's
     * conditions must hold). The cancellation policy and the no-show fee are shown to the guest.
     */
    guarantee: z
      .object({
        when: z
          .array(
            z.object({
              zones: z.array(key).optional().describe('The booking is in one of these zones.'),
              shifts: z.array(key).optional().describe('The booking is in one of these shifts.'),
              /** ISO weekdays, 1 = Monday ... 7 = Sunday. */
              weekdays: z.array(z.number().int().min(1).max(7)).optional().describe('The booking is on one of these ISO weekdays (1 = Monday ... 7 = Sunday).'),
              minCovers: z.number().int().positive().optional().describe('The booking has at least this many covers.'),
            }),
          )
          .min(1)
          .describe('A card is asked when any rule matches; a rule matches when all its conditions hold.'),
        /** Not refundable, always refundable, or refundable until `hoursBefore` the booking. */
        cancellation: z
          .object({ refundable: z.enum(['never', 'always', 'until']).describe('`never`, `always`, or `until` `hoursBefore` the booking.'), hoursBefore: z.number().int().positive().default(24).describe('Hours before the booking free cancellation ends (with `until`).') })
          .describe('Cancellation policy shown to the guest.'),
        /** The no-show (and late-cancellation) fee, in the venue currency, per reservation or per guest. */
        fee: z
          .object({ amount: z.number().nonnegative().describe('Fee in the venue currency.'), per: z.enum(['reservation', 'guest']).describe('Charged once per `reservation` or per `guest`.') })
          .describe('The no-show (and late-cancellation) fee.'),
      })
      .optional()
      .describe('Card guarantee: a card is saved (not charged) for bookings that match `when`; unset: never.'),
    /**
     * SMS-code confirmation: `never`, `always`, `aboveCovers` (parties larger than `covers`),
     * or `botUnsure` (instead of the visible challenge when the bot check is unsure).
     */
    smsConfirmation: z
      .object({ mode: z.enum(['never', 'always', 'aboveCovers', 'botUnsure']).describe('`never`, `always`, `aboveCovers` (parties larger than `covers`), or `botUnsure` (instead of the visible challenge).'), covers: z.number().int().nonnegative().default(0).describe('Party size above which `aboveCovers` asks the code.') })
      .default({ mode: 'never', covers: 0 })
      .describe('SMS-code confirmation of bookings.'),
    /**
     * No request waits forever (issue 23): a booking still awaiting the venue `hours` after it
     * was made, or `minHoursBefore` before its time if that comes first, is answered
     * `outcome` by the housekeeping sweep (server/staff/deadline.ts); guest and venue are told.
     */
    pendingDeadline: z
      .object({
        hours: z.number().positive().max(720).default(24).describe('Hours a booking may await the venue\'s answer.'),
        minHoursBefore: z.number().min(0).max(72).default(2).describe('The answer is due at the latest this many hours before the booking.'),
        outcome: z.enum(['decline', 'confirm']).default('decline').describe('What the sweep does with an unanswered request: `decline` or `confirm`.'),
      })
      .default({ hours: 24, minHoursBefore: 2, outcome: 'decline' })
      .describe('No request waits forever: when a pending booking is answered automatically, and how.'),
    /**
     * Reminders (issue 24): the day before a confirmed booking, at `hour` in the venue's time
     * zone, the guest gets an e-mail (and an SMS with `sms`) asking "I'm coming" or "Cancel"
     * (server/booking/reminders.ts).
     */
    reminders: z
      .object({
        enabled: z.boolean().default(true).describe('Send reminders.'),
        hour: z.number().int().min(0).max(23).default(10).describe("The hour of the day before the booking (venue's time zone) reminders go out."),
        sms: z.boolean().default(false).describe('Also remind by SMS (the SMS provider of docs/payments.md).'),
      })
      .default({ enabled: true, hour: 10, sms: false })
      .describe("Reminders the day before, asking the guest to confirm they are coming or to cancel."),
    /**
     * Waiting-list offers (issue 24): freed seats are offered to the waiting list in join order,
     * held `minutes` for the guest offered (server/booking/waitlist.ts).
     */
    waitlistOffers: z
      .object({
        automatic: z.boolean().default(true).describe('Offer freed seats automatically (staff can always offer by hand).'),
        minutes: z.number().int().min(5).max(240).default(15).describe('How long an offer holds the seats for the guest.'),
      })
      .default({ automatic: true, minutes: 15 })
      .describe('Freed seats offered to the waiting list, one guest at a time, in the order they joined.'),
    /**
     * No no-show before its time (issue 41): staff may mark a booking a no-show (and so charge
     * its fee) only this many minutes after its start, in the venue's time zone (server/staff/view.ts).
     */
    noShowGraceMinutes: z.number().int().min(0).max(720).default(15).describe("Minutes after a booking's start before staff may mark it a no-show (and charge its fee)."),
    /**
     * Issue 46 (docs/agents.md): the covers each channel of the channel API may book per shift and
     * day, by the channel's name (`npm run channel:key`); `*` for every channel not named. A channel
     * without a quota books as the site does, up to the shift's capacity.
     */
    /**
     * Pacing (issue 44): at most this many covers starting in each 15 minutes (10:00–10:14, 10:15–
     * 10:29…) for bookings made online; staff bookings may pass it (server/staff/bookings.ts). Unset: no pacing.
     */
    pacingCoversPer15Minutes: z
      .number()
      .int()
      .positive()
      .max(10_000)
      .optional()
      .describe('Pacing: at most this many covers starting in each 15 minutes (10:00–10:14, 10:15–10:29…) for online bookings; staff bookings may pass it. Unset: no pacing.'),
    /**
     * Tables (issue 44, docs/venue-file.md "Tables"): each booking is given the smallest free table
     * of its zone that seats the party, else the smallest listed combination (server/booking/tables.ts).
     */
    tables: z
      .array(
        z.object({
          name: tableName.meta({ description: 'Name of the table, unique in the venue, as staff call it (letters, digits, spaces, dashes; no "+").', examples: ['12', 'T4'] }),
          zone: key.describe('Key of the zone the table stands in.'),
          seats: z.object({ min: z.number().int().positive().describe('Fewest guests seated at it.'), max: z.number().int().positive().describe('Most guests seated at it.') }).describe('Guests the table seats, `min` to `max`.'),
        }),
      )
      .max(500)
      .default([])
      .describe('The tables, each in a zone, with the guests it seats; empty: no tables (bookings count covers only).'),
    tableCombinations: z
      .array(
        z.object({
          tables: z.array(tableName).min(2).describe('Names of the tables pushed together, all in one zone.'),
          seats: z
            .object({ min: z.number().int().positive().describe('Fewest guests.'), max: z.number().int().positive().describe('Most guests.') })
            .optional()
            .describe("Guests the combination seats; unset: the sum of its tables' `min` to the sum of their `max`."),
        }),
      )
      .max(500)
      .default([])
      .describe('Tables that combine, each combination listed (only these are suggested together).'),
    availabilityByTables: z.boolean().default(false).describe('Count availability by tables: a party is only accepted where a free table or combination of its zone seats it for its turn time (on top of the capacities).'),
    turnMinutes: z
      .array(z.object({ upTo: z.number().int().positive().describe('Largest party of this turn time.'), minutes: z.number().int().positive().max(720).describe('Minutes the party holds its table.') }))
      .default([])
      .meta({
        description: 'Turn times by party size, the time a party holds its table: the first entry whose `upTo` takes the party in; larger parties the last; empty: 120 minutes.',
        examples: [[{ upTo: 2, minutes: 90 }, { upTo: 4, minutes: 120 }, { upTo: 99, minutes: 150 }]],
      }),
    channelQuotas: z
      .record(z.string().regex(/^(\*|[a-z0-9][a-z0-9-]{0,31})$/), z.number().int().min(0).max(10_000))
      .default({})
      .describe('Covers per shift and day each channel of the channel API may book, by channel name (`*`: every other channel); none: up to the capacity.'),
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
    pendingDeadline: { hours: 24, minHoursBefore: 2, outcome: 'decline' },
    reminders: { enabled: true, hour: 10, sms: false },
    waitlistOffers: { automatic: true, minutes: 15 },
    noShowGraceMinutes: 15,
    channelQuotas: {},
    tables: [],
    tableCombinations: [],
    availabilityByTables: false,
    turnMinutes: [],
  });

export type BookingRules = z.infer<typeof bookingRulesSchema>;
export { time as timeSchema, isoDate as isoDateSchema };
