import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, experiences, reservations, zones, type ExperienceBookingRow, type ExperienceRow, type ReservationRow, type Texts, type VenueRow, type Attendance } from '@/server/db/schema';
import { queueReservationEmails } from '@/server/booking/emails';
import { reservationForUpdate } from '@/server/booking/changes';
import { experienceBookingForUpdate } from '@/server/experiences/changes';
import { queueExperienceEmails } from '@/server/experiences/emails';
import { lockCapacity } from '@/server/booking/service';
import { cancelReservationExperience, experienceOfReservation, lockExperienceDate } from '@/server/experiences/service';
import { offerWithin } from '@/server/booking/waitlist';
import { claimUsedDeposit, refundDeposit } from '@/server/payments/deposit';
import { chargeNoShow, claimFeeRefund, claimNoShowFee, feesOf, refundNoShow, type FeeBooking, type FeeView } from '@/server/payments/noshow';
import { kickDelivery } from '@/server/outbox/delivery';
import { kickWalletDelivery, passChanged } from '@/server/wallet/changes';
import { experiencePatch } from '@/server/wallet/patches';
import { experienceSerial } from '@/server/wallet/items';
import { log } from '@/lib/log';
import { actionAllowed, answerChanges, noShowFrom, staffBookingView, staffExperienceView, timingOf, type AnsweredBy, type StaffAction, type StaffBooking, type Timing } from './view';

/**
 * The venue's answers to a booking (issue 23: confirm, decline, arrived, no-show, finished,
 * cancel, refund the fee), one path for table bookings and experiences booked on their own
 * (issue 42). Every answer is one transaction under the booking's lock (its shift's capacity,
 * its experience's date), checked against the booking's version (`revision`, which every
 * change bumps): an answer to a booking that changed meanwhile is refused with the booking as
 * it is now. What differs is data, an `AnswerKind` per kind (`TABLE_ANSWERS`,
 * `EXPERIENCE_ANSWERS`): its lock, its row, its view, what an end frees, its payment given
 * back, its e-mails.
 */

/** The guest's e-mail of each answer (none for the attendance marks). */
const NEWS = { confirm: 'confirm', decline: 'declined', cancel: 'venueCancelled' } as const;
type News = (typeof NEWS)[keyof typeof NEWS];
const newsOf = (action: StaffAction): News | undefined => NEWS[action as keyof typeof NEWS];

export type AnswerInput = { hash: string; action: StaffAction; version: number | null; note: string; by: AnsweredBy; host: string };
export type AnswerOutcome = { result: 'done' | 'changed' | 'notAllowed' | 'tooEarly'; booking: StaffBooking };

export type AnsweredRow = { id: number; revision: number; status: string; date: string; time: string | null; attendance: ReservationRow['attendance']; attendanceAt: Date | null; venueNote: string | null };

/** What the e-mails of every answer carry: the host they link to, the venue's note, and whether the venue hears of it (of the deadline's answers only). */
type AnswerMail = { host: string; now: Date; venueNote: string | null; notifyVenue: boolean; venueEvent: 'deadlineConfirmed' | 'deadlineDeclined' | undefined };

/** A kind of booking, as the staff's answers see it. `F`: the booking as found; `X`: what its view and e-mails add, read under its lock. */
export type AnswerKind<F extends { row: R }, R extends AnsweredRow, X> = {
  kind: FeeBooking['kind'];
  /** Its lock: the shift's capacity (a table), the experience's date. */
  lock: (tx: Db, venue: VenueRow, found: F) => Promise<void>;
  lockRow: (tx: Db, id: number) => Promise<R | undefined>;
  /** Read under the lock, before the answer: the title of a table's added experience; an experience itself. */
  extra: (tx: Db, found: F, row: R) => Promise<X>;
  view: (row: R, extra: X, zoneNames: Map<string, Texts>, timing: Timing, fee?: FeeView | null) => StaffBooking;
  /** Writes an answer's changes (or an undo's, server/staff/undo.ts) with the next version. */
  write: (tx: Db, row: R, changes: ReturnType<typeof answerChanges> | { attendance: Attendance | null; attendanceAt: Date | null; attendanceBefore: null }, now: Date) => Promise<R>;
  /** A decline or a cancel: what it frees (the seats and an added experience's places; the wallet pass) and the payment given back (its reference, refunded after the commit). */
  ends: (tx: Db, venue: VenueRow, before: R, changed: R, now: Date) => Promise<{ refund: string | null; refundCents: number }>;
  /** Its no-show fee's booking. */
  fee: (changed: R) => FeeBooking;
  email: (tx: Db, venue: VenueRow, found: F, changed: R, news: News, extra: X, zoneNames: Map<string, Texts>, mail: AnswerMail, refundCents: number) => Promise<void>;
  /** Wakes the wallet's delivery after an end (an experience's pass). */
  kickEnded?: () => void;
  answered: { event: string; logged: (id: number) => Record<string, unknown> };
};

/** The venue's zones' names, by key. */
export async function zoneNamesOf(db: Db, venueId: number) {
  const rows = await db.select({ key: zones.key, name: zones.name }).from(zones).where(eq(zones.venueId, venueId));
  return new Map(rows.map((z) => [z.key, z.name]));
}

/** The title of the experience added to a table booking (none: null). */
export async function experienceTitle(db: Db, reservationId: number): Promise<Texts | null> {
  return (await experienceOfReservation(db, reservationId))?.title ?? null;
}

/**
 * One answer of the venue to a booking, as `input.by`. `version` is the booking's version the
 * answer was made on: another one means it changed meanwhile (`changed`, with the booking as
 * it is now). Confirm, decline and cancel e-mail the guest in their language in the same
 * transaction (declined and cancelled with the venue's note and a CANCEL `.ics`); decline and
 * cancel free what the booking held in it too. A no-show's fee is claimed in the transaction
 * and charged after it, as a fee's refund and a deposit given back are.
 */
export async function answerOne<F extends { row: R }, R extends AnsweredRow, X>(db: Db, venue: VenueRow, found: F, kind: AnswerKind<F, R, X>, input: AnswerInput, now: Date): Promise<AnswerOutcome> {
  let chargeId: number | null = null;
  let feeRefundId: number | null = null;
  const timing = timingOf(venue);
  const { action } = input;
  const outcome = await db.transaction(async (tx) => {
    await kind.lock(tx, venue, found);
    const row = (await kind.lockRow(tx, found.row.id))!;
    const zoneNames = await zoneNamesOf(tx, venue.id);
    const extra = await kind.extra(tx, found, row);
    const view = async () => kind.view(row, extra, zoneNames, timing, (await feesOf(tx, kind.kind, [row.id])).get(row.id) ?? null);
    if (input.version !== null && row.revision !== input.version) return { result: 'changed' as const, booking: await view(), refund: null };
    if (!actionAllowed(action, row, kind.kind)) return { result: 'notAllowed' as const, booking: await view(), refund: null };
    // No fee before the guest is late: the booking's start plus the venue's grace, in its time zone.
    if (action === 'noshow' && now.getTime() < noShowFrom(timing, row).getTime()) return { result: 'tooEarly' as const, booking: await view(), refund: null };
    if (action === 'refundfee') {
      // Not a change to the booking: its version stays, the fee's own row moves (once).
      feeRefundId = await claimFeeRefund(tx, kind.kind, row.id, now);
      return { result: feeRefundId ? ('done' as const) : ('notAllowed' as const), booking: await view(), refund: null };
    }
    const changed = await kind.write(tx, row, answerChanges(action, input.by, input.note, now, row), now);
    const ended = action === 'decline' || action === 'cancel' ? await kind.ends(tx, venue, row, changed, now) : { refund: null, refundCents: 0 };
    if (action === 'noshow') chargeId = await claimNoShowFee(tx, venue, kind.fee(changed), now);
    const news = newsOf(action);
    if (news) {
      await kind.email(tx, venue, found, changed, news, extra, zoneNames, {
        host: input.host,
        now,
        venueNote: changed.venueNote,
        // The venue is not told of its own answers; of the deadline's, it is.
        notifyVenue: input.by === 'deadline',
        venueEvent: input.by === 'deadline' ? (action === 'confirm' ? 'deadlineConfirmed' : 'deadlineDeclined') : undefined,
      }, ended.refundCents);
    }
    return { result: 'done' as const, booking: kind.view(changed, extra, zoneNames, timing), refund: ended.refund };
  });
  if (outcome.refund) await refundDeposit(db, venue, outcome.refund);
  if (outcome.result === 'done') {
    if (newsOf(action)) kickDelivery();
    if (action === 'decline' || action === 'cancel') kind.kickEnded?.();
    log.info(kind.answered.event, { ...kind.answered.logged(found.row.id), action, by: input.by });
  }
  if (chargeId || feeRefundId) {
    if (chargeId) await chargeNoShow(db, chargeId, { host: input.host }, now);
    if (feeRefundId) await refundNoShow(db, feeRefundId, undefined, now);
    outcome.booking.fee = (await feesOf(db, kind.kind, [found.row.id])).get(found.row.id) ?? null;
  }
  return { result: outcome.result, booking: outcome.booking };
}

/** A table booking: under its day's capacity lock; an end frees its seats (offered to the waiting list) and an added experience's places. */
export const TABLE_ANSWERS: AnswerKind<{ row: ReservationRow }, ReservationRow, Texts | null> = {
  kind: 'table',
  lock: (tx, venue, { row }) => lockCapacity(tx, venue.id, row.date),
  lockRow: reservationForUpdate,
  extra: (tx, _found, row) => experienceTitle(tx, row.id),
  view: (row, experience, zoneNames, timing, fee) => staffBookingView(row, zoneNames, timing, experience, fee),
  write: async (tx, row, changes, now) => (await tx.update(reservations).set({ ...changes, revision: row.revision + 1, updatedAt: now }).where(eq(reservations.id, row.id)).returning())[0],
  ends: async (tx, venue, row, _changed, now) => {
    await cancelReservationExperience(tx, row.id);
    // Seats freed: the waiting list is offered them in this transaction.
    await offerWithin(tx, venue, row.date, row.shiftKey, now);
    return { refund: null, refundCents: 0 };
  },
  fee: (changed) => ({ kind: 'table', ...changed }),
  email: (tx, venue, _found, changed, news, experience, zoneNames, mail) =>
    queueReservationEmails(tx, venue, changed, news, { ...mail, zoneName: zoneNames.get(changed.zoneKey) ?? { it: changed.zoneKey }, experience }),
  answered: { event: 'reservation_answered', logged: (id) => ({ reservationId: id }) },
};

type ExperienceFound = { row: ExperienceBookingRow; e: ExperienceRow };

/**
 * An experience booked on its own (an experience added to a table booking is answered with that
 * booking): under its date's lock; an end voids its wallet pass and gives back a deposit or
 * prepayment in full (the guest is not at fault), claimed in the transaction and refunded after it.
 */
export const EXPERIENCE_ANSWERS: AnswerKind<ExperienceFound, ExperienceBookingRow, ExperienceRow> = {
  kind: 'experience',
  lock: (tx, venue, { row, e }) => lockExperienceDate(tx, venue.id, e.id, row.date),
  lockRow: experienceBookingForUpdate,
  extra: async (_tx, { e }) => e,
  view: (row, e, zoneNames, timing, fee) => staffExperienceView(row, e, zoneNames, timing, fee),
  write: async (tx, row, changes) => (await tx.update(experienceBookings).set({ ...changes, revision: row.revision + 1 }).where(eq(experienceBookings.id, row.id)).returning())[0],
  ends: async (tx, venue, before, changed, now) => {
    // The ticket in the guest's wallet is voided (docs/wallet.md).
    await passChanged(tx, venue.id, experienceSerial(changed.hash), experiencePatch(true), now);
    const refund = before.paidCents > 0 && before.paymentReference && (await claimUsedDeposit(tx, venue, before.paymentReference, now)) ? before.paymentReference : null;
    return { refund, refundCents: refund ? before.paidCents : 0 };
  },
  fee: (changed) => ({ kind: 'experience', ...changed, time: changed.time || '00:00' }),
  email: (tx, venue, { e }, changed, news, _e, _zoneNames, mail, refundCents) => queueExperienceEmails(tx, venue, e, changed, news, { ...mail, refundCents }),
  kickEnded: kickWalletDelivery,
  answered: { event: 'experience_booking_answered', logged: (id) => ({ experienceBookingId: id }) },
};

/** An experience booked on its own, by its hash, with its experience (none for a table's added one). */
export async function findExperienceToAnswer(db: Db, venue: VenueRow, hash: string): Promise<ExperienceFound | null> {
  const [found] = await db
    .select({ row: experienceBookings, e: experiences })
    .from(experienceBookings)
    .innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId))
    .where(and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.hash, hash), isNull(experienceBookings.reservationId)));
  return found ?? null;
}
