import { sql } from 'drizzle-orm';
import type { BookingSource } from '@/lib/booking/source';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { answerColumnSet, changeColumnSet, guaranteeColumnSet, guestColumnSet, reservations } from './booking';
import { amountColumnSet, providerColumnSet, stamp, type Texts } from './columns';
import { venueRef } from './venues';

export const experiences = pgTable(
  'experiences',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    key: text('key').notNull(),
    /** Public identifier used in routes: random, 128 bits, URL-safe. */
    hash: text('hash').notNull().unique(),
    title: jsonb('title').$type<Texts>().notNull(),
    fileTitle: jsonb('file_title').$type<Texts>(),
    description: jsonb('description').$type<Texts>().notNull(),
    bookingConditions: jsonb('booking_conditions').$type<Texts>(),
    additionalFields: jsonb('additional_fields')
      .$type<{ key: string; label: Texts; required: boolean }[]>()
      .notNull(),
    cancellation: integer('cancellation').notNull().default(0),
    startDate: date('start_date'),
    expiryDate: date('expiry_date'),
    /** Days it runs (venue file format 3): alone, only these; with `weekdays`, these as well (docs/experiences.md, "Dates"). */
    dates: jsonb('dates').$type<string[]>().notNull().default([]),
    /** ISO weekdays it runs between start and expiry; empty: every day the venue opens. */
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    durationMinutes: integer('duration_minutes').notNull().default(0),
    maxBookings: integer('max_bookings').notNull().default(0),
    minGuests: integer('min_guests').notNull().default(1),
    maxGuests: integer('max_guests').notNull().default(10),
    times: jsonb('times').$type<string[]>().notNull(),
    zoneKeys: jsonb('zone_keys').$type<string[]>().notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    guaranteeCents: integer('guarantee_cents').notNull().default(0),
    depositCents: integer('deposit_cents').notNull().default(0),
    guaranteeType: integer('guarantee_type').notNull().default(0),
    purchaseType: integer('purchase_type').notNull().default(0),
    experienceType: integer('experience_type').notNull().default(0),
    photo: text('photo').notNull().default(''),
    file: text('file').notNull().default(''),
    active: boolean('active').notNull().default(true),
    visible: boolean('visible').notNull().default(true),
    calendar: boolean('calendar').notNull().default(true),
    askVisitReason: boolean('ask_visit_reason').notNull().default(false),
    zoneChoice: boolean('zone_choice').notNull().default(false),
    soldOutActive: boolean('sold_out_active').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('experiences_venue_key').on(t.venueId, t.key)],
);

export type ExperienceRow = typeof experiences.$inferSelect;

export type ExperienceBookingStatus = 'confirmed' | 'pending' | 'waitinglist' | 'cancelled' | 'declined';

/**
 * Bookings of an experience, on its own (`experience/createexperiencereserve`) or added to a
 * table booking (`reservationId`). `covers` of `confirmed` and `pending` rows count against
 * the experience's `maxBookings` places for the date; `waitinglist` and `cancelled` do not.
 */
export const experienceBookings = pgTable(
  'experience_bookings',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    experienceId: integer('experience_id')
      .notNull()
      .references(() => experiences.id, { onDelete: 'cascade' }),
    /** The table booking this experience was added to, if any. */
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull().unique(),
    date: date('date').notNull(),
    /** `HH:mm`, or '' when the experience has no times to choose (`flagOrari` 0). */
    time: text('time').notNull(),
    /** The zone chosen (`flagSceltaZona` 1), else ''. */
    zoneKey: text('zone_key').notNull().default(''),
    covers: integer('covers').notNull(),
    status: text('status').$type<ExperienceBookingStatus>().notNull(),
    additionalFields: jsonb('additional_fields').$type<Record<string, string>>().notNull().default({}),
    priceCents: integer('price_cents').notNull().default(0),
    /** Charged at booking (deposit or prepayment): amount and the provider's PaymentIntent. */
    paidCents: integer('paid_cents').notNull().default(0),
    paymentReference: text('payment_reference').unique(),
    /** Where the booking came from (issue 46, lib/booking/source.ts); an experience added to a table booking has the table's. */
    source: text('source').$type<BookingSource>().notNull().default('web'),
    ...guaranteeColumnSet(),
    ...guestColumnSet(),
    ...changeColumnSet(),
    ...answerColumnSet(),
    createdAt: stamp('created_at'),
  },
  (t) => [index('experience_bookings_capacity').on(t.venueId, t.experienceId, t.date, t.status)],
);

/**
 * Deposits and prepayments of experience bookings: the provider's PaymentIntent (Stripe, or
 * the local test provider's equivalent), charged when the guest confirms the card.
 */
export const depositPayments = pgTable('deposit_payments', {
  id: serial('id').primaryKey(),
  venueId: venueRef(),
  ...providerColumnSet(),
  ...amountColumnSet(),
  /** Failed refund attempts of a `refunding` payment, and when the sweep tries again (issue 21). */
  refundAttempts: integer('refund_attempts').notNull().default(0),
  /** Set with the `refunding` claim, in its transaction: the sweep refunds it then should the caller die (issue 41). */
  nextRefundAt: timestamp('next_refund_at', { withTimezone: true }),
  /** When the refund was claimed: its idempotency key is used only while the provider keeps it (server/payments/retry.ts). */
  refundClaimedAt: timestamp('refund_claimed_at', { withTimezone: true }),
  /** When the venue was told that this refund ended `failed` (once). */
  refundFlaggedAt: timestamp('refund_flagged_at', { withTimezone: true }),
  /** The guest's address and language, to tell them of a refund the sweep made (issue 41). */
  guestEmail: text('guest_email'),
  guestLocale: text('guest_locale'),
  createdAt: stamp('created_at'),
  updatedAt: stamp('updated_at'),
});

export type ExperienceBookingRow = typeof experienceBookings.$inferSelect;

export type DepositPaymentRow = typeof depositPayments.$inferSelect;
