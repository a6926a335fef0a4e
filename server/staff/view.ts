import 'server-only';
import type { ExperienceBookingRow, ExperienceRow, ReservationRow, Texts } from '@/server/db/schema';
import type { FeeView } from '@/server/payments/noshow';
import { displayPhone } from '@/lib/identity';

/** What staff do to a booking and how they see one: shared by the table sheet (sheet.ts) and experiences (experience-answers.ts). */
export const STAFF_ACTIONS = ['confirm', 'decline', 'arrived', 'noshow', 'cancel', 'refundfee', 'offer'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const isStaffAction = (value: unknown): value is StaffAction => typeof value === 'string' && (STAFF_ACTIONS as readonly string[]).includes(value);

/** Who answered: staff on the sheet, a one-click link in the venue's e-mail, or the deadline. */
export type AnsweredBy = 'staff' | 'link' | 'deadline';

/**
 * At the table, once: a guest marked arrived is never a no-show (nor charged), one marked
 * arrived stays so; a no-show who turns up late can still be marked arrived (and a fee charged
 * by mistake refunded, `refundfee`).
 */
const attendanceAllows = (action: StaffAction, attendance: string | null) =>
  action === 'noshow' ? !attendance : action === 'arrived' ? attendance !== 'arrived' : true;

/** The statuses each action applies to. */
const ACTION_FROM: Record<StaffAction, readonly string[]> = {
  confirm: ['pending'],
  decline: ['pending', 'waitinglist'],
  arrived: ['confirmed'],
  noshow: ['confirmed'],
  cancel: ['confirmed', 'pending', 'waitinglist'],
  refundfee: ['confirmed'],
  offer: ['waitinglist'],
};

/**
 * Whether staff may do this to a booking as it is now: its status and its attendance. Freed
 * seats are offered to a table booking's waiting list only: an experience booked on its own has none.
 */
export const actionAllowed = (action: StaffAction, booking: { status: string; attendance: string | null }, kind: 'table' | 'experience' = 'table') =>
  !(kind === 'experience' && action === 'offer') && ACTION_FROM[action].includes(booking.status) && attendanceAllows(action, booking.attendance);

/**
 * What an answer changes on a booking, a table's or an experience's: the attendance (arrived,
 * no-show), or the status with who answered, when, and the note to the guest (a decline or a
 * cancel; a confirm clears it).
 */
export function answerChanges(action: StaffAction, by: AnsweredBy, note: string, now: Date) {
  if (action === 'arrived' || action === 'noshow') return { attendance: action, attendanceAt: now };
  return {
    status: action === 'confirm' ? ('confirmed' as const) : action === 'decline' ? ('declined' as const) : ('cancelled' as const),
    answeredBy: by,
    answeredAt: now,
    venueNote: action === 'confirm' ? null : note || null,
    ...(action === 'cancel' ? { cancelledAt: now } : {}),
  };
}

/** A booking as staff see it. */
type OfferView = { status: string; expiresAt: string; offeredBy: string };

/** The columns a table booking and an experience booking share (tables/booking.ts's column sets). */
type BookedRow = Pick<
  ReservationRow,
  'hash' | 'revision' | 'date' | 'time' | 'covers' | 'firstName' | 'lastName' | 'phonePrefix' | 'phone' | 'email' | 'zoneKey' | 'attendance' | 'notes' | 'visitReason' | 'guaranteeProvider' | 'guaranteeTerms' | 'venueNote' | 'answeredBy' | 'answeredAt' | 'createdAt'
> & { status: ReservationRow['status'] | ExperienceBookingRow['status'] };

/** A booking as staff see it, a table's or an experience's: the parts both have. */
function bookedView(r: BookedRow, zoneNames: Map<string, Texts>) {
  return {
    hash: r.hash,
    version: r.revision,
    date: r.date,
    time: r.time,
    covers: r.covers,
    name: `${r.firstName} ${r.lastName}`.trim(),
    phone: displayPhone(r.phonePrefix, r.phone),
    email: r.email,
    zone: r.zoneKey,
    zoneName: r.zoneKey ? (zoneNames.get(r.zoneKey) ?? { it: r.zoneKey }) : { it: '' },
    status: r.status,
    attendance: r.attendance ?? '',
    notes: r.notes,
    visitReason: r.visitReason ?? '',
    guarantee: r.guaranteeTerms
      ? { provider: r.guaranteeProvider ?? '', feeCents: r.guaranteeTerms.feeCents, currency: r.guaranteeTerms.currency, per: r.guaranteeTerms.per, policy: r.guaranteeTerms.text ?? '' }
      : null,
    venueNote: r.venueNote ?? '',
    answeredBy: r.answeredBy ?? '',
    answeredAt: r.answeredAt?.toISOString() ?? '',
    createdAt: r.createdAt.toISOString(),
  };
}

export function staffBookingView(r: ReservationRow, zoneNames: Map<string, Texts>, experience: Texts | null, fee: FeeView | null = null, offer: OfferView | null = null) {
  return {
    /** A table booking (with its experience, if one was added), or an experience booked on its own. */
    kind: 'table' as 'table' | 'experience',
    ...bookedView(r, zoneNames),
    shift: r.shiftKey,
    /** The reminder the day before (issue 24): sent, and the guest's answer to it. */
    reminder: (r.reminderAnswer ?? (r.remindedAt ? 'sent' : '')) as '' | 'sent' | 'coming' | 'cancelled',
    /** The no-show fee charged to the guarantee's card (issue 24), once staff marked the no-show. */
    fee,
    /** A waiting-list entry's latest offer of freed seats (issue 24). */
    offer,
    /** A deposit or prepayment made at booking (experiences on their own). */
    paidCents: 0,
    experience,
  };
}

/** An experience booked on its own as staff see it: the table booking's shape, `kind` 'experience', no shift, reminder or offer. */
export function staffExperienceView(b: ExperienceBookingRow, e: Pick<ExperienceRow, 'title'>, zoneNames: Map<string, Texts>, fee: FeeView | null = null): StaffBooking {
  return { kind: 'experience', ...bookedView(b, zoneNames), shift: '', reminder: '', fee, offer: null, paidCents: b.paidCents, experience: e.title };
}
export type StaffBooking = ReturnType<typeof staffBookingView>;
