import { sql } from 'drizzle-orm';
import type { BookingSource } from '@/lib/booking/source';
import { boolean, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venueRef } from './venues';

/** What the guest accepted with a card guarantee (server/booking/guarantee.ts). */
export type GuaranteeTerms = {
  refundable: 'never' | 'always' | 'until';
  hoursBefore: number;
  feeCents: number;
  per: 'reservation' | 'guest';
  currency: string;
  /** The policy as the guest read it when booking, in their language (bookings made since issue 24). */
  text?: string;
};

/*
 * The columns a table reservation and an experience booking share (`reservations`,
 * `experience_bookings`): each table spreads fresh builders of the same set.
 */

/** The card guarantee: the provider's setup reference (one booking per card setup), the card, the terms accepted. */
export const guaranteeColumnSet = () => ({
  guaranteeProvider: text('guarantee_provider').$type<'stripe' | 'local'>(),
  guaranteeReference: text('guarantee_reference').unique(),
  guaranteePaymentMethod: text('guarantee_payment_method'),
  guaranteeTerms: jsonb('guarantee_terms').$type<GuaranteeTerms>(),
});

/** The guest as they booked: name, contact, birthday, notes, language, partner flag, consents. */
export const guestColumnSet = () => ({
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phonePrefix: text('phone_prefix').notNull(),
  phone: text('phone').notNull(),
  visitReason: text('visit_reason'),
  birthDay: integer('birth_day'),
  birthMonth: integer('birth_month'),
  notes: text('notes').notNull().default(''),
  locale: text('locale').notNull(),
  partner: boolean('partner').notNull().default(false),
  privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
  marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
  policyVersion: text('policy_version').notNull(),
});

/** The guest's changes: the `.ics` SEQUENCE (raised by each change), when cancelled, the late-cancellation fee that applied. */
export const changeColumnSet = () => ({
  revision: integer('revision').notNull().default(0),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancellationFeeCents: integer('cancellation_fee_cents'),
});

/** The venue's answer (issue 23): who acted (`staff`, `link`, `deadline`), when, its note to the guest; the attendance staff marked. */
export const answerColumnSet = () => ({
  answeredBy: text('answered_by').$type<'staff' | 'link' | 'deadline'>(),
  answeredAt: timestamp('answered_at', { withTimezone: true }),
  venueNote: text('venue_note'),
  attendance: text('attendance').$type<Attendance>(),
  attendanceAt: timestamp('attendance_at', { withTimezone: true }),
  /** The attendance before staff's last mark, while that mark can be undone (issue 41); null once undone or after another answer. */
  attendanceBefore: jsonb('attendance_before').$type<AttendanceBefore>(),
});

/** What an undo of staff's last attendance mark goes back to: the attendance then, and when it was marked. */
export type AttendanceBefore = { attendance: Attendance | null; at: string | null };

/** Staff's marks at the table: arrived (seated), a no-show, and finished (issue 44: the party left, after being seated). */
export type Attendance = 'arrived' | 'noshow' | 'finished';

/** What a staff override past capacity recorded (server/staff/bookings.ts), or past a table rule (server/staff/tables.ts, issue 44): the first rule the booking went past, and when. */
export type CapacityOverride = { condition: 'shiftFull' | 'slotFull' | 'zoneFull' | 'pacingFull' | 'tableTaken' | 'tableTooSmall'; at: string; covers: number };

/**
 * What staff did with the card guarantee when they changed a booking (issue 44,
 * server/staff/bookings.ts): `waived`, the guests' rules ask a card for the new party, time or
 * zone (`asked`) and the booking has none (staff take no card on the phone); `kept`, the booking
 * holds a card and the terms the guest accepted stay (a fee per guest follows the new covers;
 * `asked`: the rules' terms for the new choice, null when they would ask none). When, and the covers.
 */
export type StaffGuarantee = { decision: 'waived' | 'kept'; at: string; covers: number; asked: GuaranteeTerms | null };

export type ReservationStatus = 'confirmed' | 'pending' | 'waitinglist' | 'suspended' | 'failed' | 'cancelled' | 'declined';

/**
 * Table reservations. `covers` count against the capacity of their date, shift, slot and
 * zone while the status is `confirmed` or `pending` (awaiting the venue), or `suspended`
 * (awaiting the SMS code) until `suspendedUntil`; `waitinglist`, `failed` (the SMS code was
 * never given) and `cancelled` do not. `hash` is the guest's 128-bit key to the booking.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    hash: text('hash').notNull().unique(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    shiftKey: text('shift_key').notNull(),
    zoneKey: text('zone_key').notNull(),
    covers: integer('covers').notNull(),
    status: text('status').$type<ReservationStatus>().notNull(),
    /** While `suspended`: the seats are held until then, and the status it gets once the code is given. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    confirmsAs: text('confirms_as').$type<'confirmed' | 'pending'>(),
    ...guaranteeColumnSet(),
    /** The bot check's verdict on the submit (`pass`, or `unsure` when the SMS code stood in for the v2 challenge). */
    botVerdict: text('bot_verdict'),
    /** Where the booking came from (issue 46, lib/booking/source.ts): web, embed, staff, mcp, channel:{name}. */
    source: text('source').$type<BookingSource>().notNull().default('web'),
    moduleKey: text('module_key'),
    /** A staff booking or change past capacity (issue 44): the rule it went past, when, and that staff ticked the override. */
    capacityOverride: jsonb('capacity_override').$type<CapacityOverride>(),
    /** The table, or the tables pushed together, the party holds for its turn (issue 44, server/booking/tables.ts); null: none given. */
    tables: text('tables').array(),
    /** The card guarantee at staff's last change (issue 44): waived or kept, recorded (null: no card asked nor held). */
    staffGuarantee: jsonb('staff_guarantee').$type<StaffGuarantee>(),
    ...guestColumnSet(),
    ...changeColumnSet(),
    ...answerColumnSet(),
    /** The reminder the day before (issue 24): when it was sent, and the guest's answer to it. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    reminderAnswer: text('reminder_answer').$type<'coming' | 'cancelled'>(),
    reminderAnsweredAt: timestamp('reminder_answered_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
    updatedAt: stamp('updated_at'),
  },
  (t) => [index('reservations_capacity').on(t.venueId, t.date, t.shiftKey, t.status)],
);

/**
 * Freed seats offered to a waiting-list entry (issue 24, server/booking/waitlist.ts): while
 * `open` and before `expiresAt` the entry's seats are held for that guest (availability counts
 * them as it counts holds); then `claimed` (the booking is seated), `expired` (passed on to the
 * next entry), or `lapsed` (the entry was cancelled or seated otherwise). One open offer per entry.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    reservationId: integer('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    status: text('status').$type<'open' | 'claimed' | 'expired' | 'lapsed'>().notNull(),
    offeredBy: text('offered_by').$type<'auto' | 'staff'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: stamp('created_at'),
  },
  (t) => [
    uniqueIndex('waitlist_offers_one_open').on(t.reservationId).where(sql`status = 'open'`),
    index('waitlist_offers_venue').on(t.venueId, t.status, t.expiresAt),
  ],
);

/** Seats held for a guest who picked a time, until `expiresAt` (or until they book or change time). */
export const slotHolds = pgTable(
  'slot_holds',
  {
    id: serial('id').primaryKey(),
    venueId: venueRef(),
    token: text('token').notNull().unique(),
    date: date('date').notNull(),
    time: text('time').notNull(),
    shiftKey: text('shift_key').notNull(),
    zoneKey: text('zone_key').notNull(),
    covers: integer('covers').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The guest's address (server/http/client-address.ts), for the live holds and held covers per address. */
    clientAddress: text('client_address'),
  },
  (t) => [index('slot_holds_capacity').on(t.venueId, t.date, t.shiftKey, t.expiresAt), index('slot_holds_client').on(t.venueId, t.clientAddress, t.expiresAt)],
);

/**
 * The 6-digit SMS code of a suspended reservation: only its keyed hash is stored; wrong
 * attempts and sends are counted here so the limits hold across processes.
 */
export const smsChallenges = pgTable('sms_challenges', {
  reservationId: integer('reservation_id')
    .primaryKey()
    .references(() => reservations.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  attempts: integer('attempts').notNull().default(0),
  sends: integer('sends').notNull().default(1),
  lastSentAt: stamp('last_sent_at'),
});

export type ReservationRow = typeof reservations.$inferSelect;
