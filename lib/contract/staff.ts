import { z } from 'zod';
import { num, orNull, str, texts } from './fields';

/**
 * The answers (`data`) of the venue's calls on table bookings (issue 23;
 * docs/backend-contract.md, "The venue's answers").
 */
export const staffBookingSchema = z.object({
  /** `experience` for an experience booked on its own (answered with the same calls, by its hash). */
  kind: z.enum(['table', 'experience']).catch('table'),
  hash: z.string().min(1),
  version: num,
  date: str,
  time: str,
  shift: str,
  covers: num,
  name: str,
  phone: str,
  email: str,
  zone: str,
  zoneName: texts,
  status: z.enum(['confirmed', 'pending', 'waitinglist', 'suspended', 'failed', 'cancelled', 'declined']),
  attendance: z.enum(['', 'arrived', 'noshow', 'finished']).catch(''),
  /** From when a no-show may be marked (issue 41; ISO instant); a backend without it sends none. */
  noShowFrom: str,
  /** Until when the last attendance mark can be undone (`staff/undo`; ISO instant), '' for none. */
  undoUntil: str,
  /** The reminder the day before (issue 24): '' (none), sent, coming (the guest confirmed), cancelled (from the reminder). */
  reminder: z.enum(['', 'sent', 'coming', 'cancelled']).catch(''),
  notes: str,
  visitReason: str,
  /** `refundable` ('never' | 'always' | 'until', '' from a backend without it) and `hoursBefore`: the policy's terms (issue 44). */
  guarantee: orNull(z.object({ provider: str, feeCents: num, currency: str, per: str, policy: str, refundable: str, hoursBefore: num })),
  /** The no-show fee charged to the guarantee's card (issue 24); a backend that does not charge sends none. */
  fee: orNull(z.object({ status: z.enum(['charging', 'succeeded', 'requires_action', 'failed', 'refunding', 'refunded', 'refund_failed']), amountCents: num, currency: str, error: str })),
  /** A waiting-list entry's latest offer of freed seats (issue 24); optional. */
  offer: orNull(z.object({ status: z.enum(['open', 'claimed', 'expired', 'lapsed']), expiresAt: str, offeredBy: str })),
  paidCents: num,
  experience: orNull(texts),
  venueNote: str,
  answeredBy: str,
  answeredAt: str,
  createdAt: str,
  /** Where the booking came from (issue 46, lib/booking/source.ts): web, embed, staff, mcp, channel:{name}; a backend without it sends none (''). */
  source: str,
  /** A staff booking or change past capacity (issue 44): the rule it went past (`shiftFull`, `slotFull`, `zoneFull`, `pacingFull`), '' for none. */
  override: str,
  /** When a staff change waived the card guarantee the rules ask (ISO instant; `staff/change` answered `guarantee: waived`), '' for none or from a backend without it. */
  guaranteeWaived: str,
  /** Its table, or tables pushed together (issue 44); seated since (ISO, '' when not seated); its turn time in minutes. A backend without tables sends none. */
  tables: z.array(z.string()).nullish().transform((v) => v ?? []),
  seatedAt: str,
  turnMinutes: num,
  /**
   * The guest's profile at the venue (issue 44), on `staff/day`: visits (seated bookings), no-shows
   * and cancellations counted from the bookings, and staff's notes and tags; null elsewhere, for a
   * guest without an inbox or phone, or from a backend without profiles.
   */
  guest: orNull(z.object({ visits: num, noShows: num, cancellations: num, notes: str, tags: z.array(z.string()), version: num })),
});
export type StaffBooking = z.output<typeof staffBookingSchema>;

export const staffDaySchema = z.object({
  date: z.string().min(1),
  today: str,
  /** The backend's time of the answer (ISO), which `noShowFrom` and `undoUntil` are read against; optional. */
  now: str,
  timezone: str,
  /** The venue's currency (ISO 4217), for the amounts on the sheet. */
  currency: str,
  /** `tally` (issue 44): the shift's covers expected, seated, no-show and left; a backend without it sends none. */
  shifts: z.array(z.object({ key: z.string(), name: texts, startTime: str, endTime: str, capacity: num, covers: num, tally: orNull(z.object({ expected: num, seated: num, finished: num, noShow: num, coversLeft: num })), bookings: z.array(staffBookingSchema) })),
  waitingList: z.array(staffBookingSchema),
  /** Experiences booked on their own that day; a backend without them sends none. */
  experiences: z.array(staffBookingSchema).nullish().transform((v) => v ?? []),
  /** Whether freed seats are offered to the waiting list automatically (issue 24); a backend without offers sends none. */
  autoOffers: orNull(z.boolean()),
  /** The venue's zones and the slot times of its shifts (issue 44), for the sheet's add and change forms; a backend without them sends none. */
  zones: z.array(z.object({ key: z.string(), name: texts })).nullish().transform((v) => v ?? []),
  times: z.array(z.string()).nullish().transform((v) => v ?? []),
  /** The venue's tables and listed combinations (issue 44), for moving a booking by hand: each with its zone and seats; a backend without them sends none. */
  tables: z.array(z.object({ tables: z.array(z.string()), zone: z.string(), min: num, max: num })).nullish().transform((v) => v ?? []),
});
export type StaffDay = z.output<typeof staffDaySchema>;

export const staffAnswerSchema = z.object({ result: z.enum(['done', 'changed', 'notAllowed', 'noSeats']), booking: staffBookingSchema });

/** `guarantee` (a change, issue 44): what became of the card guarantee by the guests' rules, recorded; a backend without it sends none. */
export const staffBookedSchema = z.object({ result: z.enum(['booked', 'changed']), booking: staffBookingSchema, override: str, guarantee: z.enum(['', 'kept', 'waived']).optional() });

export const staffAnswers = {
  'staff/day': staffDaySchema,
  'staff/confirm': staffAnswerSchema,
  'staff/decline': staffAnswerSchema,
  'staff/arrived': staffAnswerSchema,
  'staff/noshow': staffAnswerSchema,
  'staff/cancel': staffAnswerSchema,
  'staff/refundfee': staffAnswerSchema,
  'staff/offer': staffAnswerSchema,
  'staff/undo': staffAnswerSchema,
  /** A seated party that left (issue 44). */
  'staff/finished': staffAnswerSchema,
  /** Bookings on any day by name, phone or booking code (issue 44). */
  'staff/search': z.object({ q: str, bookings: z.array(staffBookingSchema) }),
  /** Staff bookings (issue 44): a walk-in, a booking taken on the phone, a booking changed; `override` the rule booked past, '' for none. */
  'staff/walkin': staffBookedSchema,
  'staff/phonebooking': staffBookedSchema,
  'staff/change': staffBookedSchema,
  /** A booking moved to another table by hand (issue 44). */
  'staff/table': staffBookedSchema,
  /** A guest's notes and tags kept on their profile (issue 44). */
  'staff/guest': z.object({ profile: z.object({ visits: num, noShows: num, cancellations: num, notes: str, tags: z.array(z.string()), version: num }) }),
  'staff/autooffers': z.object({ autoOffers: z.boolean() }),
  'staff/metrics': z.object({
    month: str,
    currency: str,
    offers: z.object({ made: num, claimed: num, expired: num }),
    reminders: z.object({ sent: num, confirmed: num, cancelled: num }),
    noShows: z.object({ marked: num, feesCollectedCents: num, feesRefundedCents: num }),
  }),
} as const;
export type StaffCall = keyof typeof staffAnswers;
