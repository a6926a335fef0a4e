import 'server-only';
import type { Attendance, AttendanceBefore, ExperienceBookingRow, ExperienceRow, ReservationRow, Texts, VenueRow } from '@/server/db/schema';
import type { FeeView } from '@/server/payments/noshow';
import { bookingRulesSchema, type BookingRules } from '@/server/booking/rules';
import { turnOf } from '@/server/booking/tables';
import { instantOf } from '@/server/booking/time';
import { displayPhone } from '@/lib/identity';
import type { GuestProfile } from '@/server/guests/profiles';

/** What staff do to a booking and how they see one: shared by the table sheet (sheet.ts) and experiences (experience-answers.ts). */
export const STAFF_ACTIONS = ['confirm', 'decline', 'arrived', 'noshow', 'cancel', 'refundfee', 'offer', 'finished'] as const;
export type StaffAction = (typeof STAFF_ACTIONS)[number];
export const isStaffAction = (value: unknown): value is StaffAction => typeof value === 'string' && (STAFF_ACTIONS as readonly string[]).includes(value);

/** Who answered: staff on the sheet, a one-click link in the venue's e-mail, or the deadline. */
export type AnsweredBy = 'staff' | 'link' | 'deadline';

/**
 * At the table, once: a guest marked arrived is never a no-show (nor charged), one marked
 * arrived stays so; a no-show who turns up late can still be marked arrived (and a fee charged
 * by mistake refunded, `refundfee`). A seated guest is not cancelled (issue 41); a mark made
 * by mistake is undone instead (`staff/undo`, server/staff/undo.ts).
 */
const attendanceAllows = (action: StaffAction, attendance: string | null) =>
  action === 'noshow' ? !attendance : action === 'finished' ? attendance === 'arrived' : action === 'arrived' || action === 'cancel' ? attendance !== 'arrived' && attendance !== 'finished' : true;

/** The statuses each action applies to. */
const ACTION_FROM: Record<StaffAction, readonly string[]> = {
  confirm: ['pending'],
  decline: ['pending', 'waitinglist'],
  arrived: ['confirmed'],
  noshow: ['confirmed'],
  cancel: ['confirmed', 'pending', 'waitinglist'],
  refundfee: ['confirmed'],
  offer: ['waitinglist'],
  // Issue 44: a seated party (marked arrived) that left; undone like arrived (`staff/undo`).
  finished: ['confirmed', 'pending'],
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
export function answerChanges(action: StaffAction, by: AnsweredBy, note: string, now: Date, current: { attendance: Attendance | null; attendanceAt: Date | null }) {
  // A mark keeps what it replaced, so that `staff/undo` can go back to it; any other answer ends the undo.
  if (action === 'arrived' || action === 'noshow' || action === 'finished')
    return { attendance: action, attendanceAt: now, attendanceBefore: { attendance: current.attendance, at: current.attendanceAt?.toISOString() ?? null } satisfies AttendanceBefore };
  return {
    attendanceBefore: null,
    status: action === 'confirm' ? ('confirmed' as const) : action === 'decline' ? ('declined' as const) : ('cancelled' as const),
    answeredBy: by,
    answeredAt: now,
    venueNote: action === 'confirm' ? null : note || null,
    ...(action === 'cancel' ? { cancelledAt: now } : {}),
  };
}

/** How long staff's last attendance mark (arrived, no-show) can be undone (issue 41). */
export const UNDO_MINUTES = 10;

/** The venue's clock for the sheet: its time zone, and the grace after a booking's start before a no-show (`booking.noShowGraceMinutes`). */
export type Timing = { timeZone: string; graceMinutes: number; turnMinutes?: BookingRules['turnMinutes'] };
export const timingOf = (venue: VenueRow): Timing => {
  const rules = bookingRulesSchema.parse(venue.booking ?? undefined);
  return { timeZone: venue.timezone, graceMinutes: rules.noShowGraceMinutes, turnMinutes: rules.turnMinutes };
};

/** The first moment a booking may be marked a no-show: its start (venue time; an experience without a time, its day's start) plus the grace. */
export const noShowFrom = (timing: Timing, b: { date: string; time: string | null }) => new Date(instantOf(timing.timeZone, b.date, b.time || '00:00').getTime() + timing.graceMinutes * 60_000);

/** Until when staff's last attendance mark can be undone; null when there is none to undo. */
export const undoUntil = (b: { attendance: string | null; attendanceAt: Date | null; attendanceBefore: AttendanceBefore | null }) =>
  b.attendance && b.attendanceAt && b.attendanceBefore ? new Date(b.attendanceAt.getTime() + UNDO_MINUTES * 60_000) : null;

/** A booking as staff see it. */
type OfferView = { status: 'open' | 'claimed' | 'expired' | 'lapsed'; expiresAt: string; offeredBy: string };

/** The columns a table booking and an experience booking share (tables/booking.ts's column sets). */
type BookedRow = Pick<
  ReservationRow,
  'hash' | 'revision' | 'date' | 'time' | 'covers' | 'firstName' | 'lastName' | 'phonePrefix' | 'phone' | 'email' | 'zoneKey' | 'attendance' | 'attendanceAt' | 'attendanceBefore' | 'notes' | 'visitReason' | 'guaranteeProvider' | 'guaranteeTerms' | 'venueNote' | 'answeredBy' | 'answeredAt' | 'createdAt' | 'source'
> & { status: ReservationRow['status'] | ExperienceBookingRow['status'] };

/** A booking as staff see it, a table's or an experience's: the parts both have. */
function bookedView(r: BookedRow, zoneNames: Map<string, Texts>, timing: Timing) {
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
    attendance: r.attendance ?? ('' as const),
    /** From when the booking may be marked a no-show (issue 41): before it, `staff/noshow` is refused `tooEarly`. */
    noShowFrom: noShowFrom(timing, r).toISOString(),
    /** Until when the last mark (arrived, no-show) can be undone (`staff/undo`); '' when there is none to undo. */
    undoUntil: undoUntil(r)?.toISOString() ?? '',
    notes: r.notes,
    visitReason: r.visitReason ?? '',
    guarantee: r.guaranteeTerms
      ? {
          provider: r.guaranteeProvider ?? '',
          feeCents: r.guaranteeTerms.feeCents,
          currency: r.guaranteeTerms.currency,
          per: r.guaranteeTerms.per,
          policy: r.guaranteeTerms.text ?? '',
          /** The terms themselves (issue 44), so that the sheet words the policy once, in the staff's language. */
          refundable: r.guaranteeTerms.refundable,
          hoursBefore: r.guaranteeTerms.hoursBefore,
        }
      : null,
    venueNote: r.venueNote ?? '',
    answeredBy: r.answeredBy ?? '',
    answeredAt: r.answeredAt?.toISOString() ?? '',
    createdAt: r.createdAt.toISOString(),
    /** Where the booking came from (issue 46): web, embed, staff, mcp, channel:{name}. */
    source: r.source,
  };
}

export function staffBookingView(r: ReservationRow, zoneNames: Map<string, Texts>, timing: Timing, experience: Texts | null, fee: FeeView | null = null, offer: OfferView | null = null) {
  return {
    /** A table booking (with its experience, if one was added), or an experience booked on its own. */
    kind: 'table' as 'table' | 'experience',
    ...bookedView(r, zoneNames, timing),
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
    /** A staff booking or change past capacity (issue 44): the rule it went past, '' for none. */
    override: r.capacityOverride?.condition ?? '',
    /** When staff's change waived the card guarantee the rules ask (`staff_guarantee` 'waived', ISO), '' otherwise. */
    guaranteeWaived: r.staffGuarantee?.decision === 'waived' ? r.staffGuarantee.at : '',
    /** Its table, or the tables pushed together (issue 44); none given: []. */
    tables: r.tables ?? [],
    /** Since when the party sits (marked arrived, ISO), for the sheet's turn timer; '' otherwise. */
    seatedAt: r.attendance === 'arrived' && r.attendanceAt ? r.attendanceAt.toISOString() : '',
    /** The party's turn time (issue 44, `booking.turnMinutes`), in minutes. */
    turnMinutes: turnOf({ turnMinutes: timing.turnMinutes ?? [] }, r.covers),
    /** The guest's profile at the venue (issue 44: history, staff's notes and tags), on the day's sheet; null elsewhere or without an identity. */
    guest: null as GuestProfile | null,
  };
}

/** An experience booked on its own as staff see it: the table booking's shape, `kind` 'experience', no shift, reminder or offer. */
export function staffExperienceView(b: ExperienceBookingRow, e: Pick<ExperienceRow, 'title'>, zoneNames: Map<string, Texts>, timing: Timing, fee: FeeView | null = null): StaffBooking {
  return { kind: 'experience', ...bookedView(b, zoneNames, timing), shift: '', reminder: '', fee, offer: null, paidCents: b.paidCents, experience: e.title, override: '', guaranteeWaived: '', tables: [], seatedAt: '', turnMinutes: 0, guest: null };
}
export type StaffBooking = ReturnType<typeof staffBookingView>;
