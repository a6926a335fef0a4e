import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, experiences, type ExperienceBookingRow, type Texts, type VenueRow } from '@/server/db/schema';
import { queueExperienceEmails, type ExperienceNews } from '@/server/experiences/emails';
import { lockExperienceDate } from '@/server/experiences/service';
import { claimUsedDeposit, refundDeposit } from '@/server/payments/deposit';
import { kickDelivery } from '@/server/outbox/delivery';
import { kickWalletDelivery, passChanged } from '@/server/wallet/changes';
import { experiencePatch } from '@/server/wallet/patches';
import { experienceSerial } from '@/server/wallet/items';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import { actionAllowed, answerChanges, noShowFrom, staffExperienceView, timingOf, type AnsweredBy, type StaffAction, type StaffBooking } from './view';
import { chargeNoShow, claimFeeRefund, claimNoShowFee, feesOf, refundNoShow, type FeeView } from '@/server/payments/noshow';

/**
 * The venue's side of experiences booked on their own (issue 23: "experience bookings appear
 * on the same sheet"): listed on the day's sheet beside the shifts, and answered with the
 * same five actions under the experience date's lock, checked against the booking's version.
 * An experience added to a table booking is answered with that booking (server/staff/sheet.ts).
 * A decline or a cancel by the venue gives back a deposit or prepayment in full (the guest is
 * not at fault), claimed in the transaction and refunded after it, as a guest's free cancel is.
 */

const NEWS: Partial<Record<StaffAction, ExperienceNews>> = { confirm: 'confirm', decline: 'declined', cancel: 'venueCancelled' };
const SHOWN: ExperienceBookingRow['status'][] = ['confirmed', 'pending', 'waitinglist', 'declined', 'cancelled'];

/** The day's experiences booked on their own, by time then booking order, with their experience's title. */
export function experienceSheetRows(db: Db, venue: VenueRow, date: string) {
  return db
    .select({ b: experienceBookings, title: experiences.title })
    .from(experienceBookings)
    .innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId))
    .where(and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.date, date), isNull(experienceBookings.reservationId), inArray(experienceBookings.status, SHOWN)))
    .orderBy(asc(experienceBookings.time), asc(experienceBookings.createdAt), asc(experienceBookings.id));
}

/** Those rows as staff see them, with their fees (read for the whole day: server/payments/noshow.ts `feesOfDay`). */
export function experienceSheet(venue: VenueRow, rows: Awaited<ReturnType<typeof experienceSheetRows>>, zoneNames: Map<string, Texts>, fees: Map<number, FeeView>): StaffBooking[] {
  const timing = timingOf(venue);
  return rows.map(({ b, title }) => staffExperienceView(b, { title }, zoneNames, timing, fees.get(b.id) ?? null));
}

/** The venue's experience bookings (on their own) still pending, for the deadline sweep. */
export async function pendingExperienceBookings(db: Db) {
  return db
    .select()
    .from(experienceBookings)
    .where(and(eq(experienceBookings.status, 'pending'), isNull(experienceBookings.reservationId)))
    .orderBy(asc(experienceBookings.id));
}

export type ExperienceAnswer = { result: 'done' | 'changed' | 'notAllowed' | 'tooEarly'; booking: StaffBooking } | { result: 'notFound' };

/** One answer of the venue to an experience booked on its own (see `answerBooking`, whose twin this is). */
export async function answerExperienceBooking(
  db: Db,
  venue: VenueRow,
  input: { hash: string; action: StaffAction; version: number | null; note: string; by: AnsweredBy; host: string },
  zoneNames: Map<string, Texts>,
  now = clockNow(),
): Promise<ExperienceAnswer> {
  const [found] = await db
    .select({ b: experienceBookings, e: experiences })
    .from(experienceBookings)
    .innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId))
    .where(and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.hash, input.hash), isNull(experienceBookings.reservationId)));
  if (!found) return { result: 'notFound' };
  const { e } = found;
  let chargeId: number | null = null;
  let feeRefundId: number | null = null;
  const timing = timingOf(venue);
  const outcome = await db.transaction(async (tx) => {
    await lockExperienceDate(tx, venue.id, e.id, found.b.date);
    const [b] = await tx.select().from(experienceBookings).where(eq(experienceBookings.id, found.b.id)).for('update');
    const view = async () => staffExperienceView(b, e, zoneNames, timing, (await feesOf(tx, 'experience', [b.id])).get(b.id) ?? null);
    if (input.version !== null && b.revision !== input.version) return { result: 'changed' as const, booking: await view(), refund: null };
    if (!actionAllowed(input.action, b, 'experience')) return { result: 'notAllowed' as const, booking: await view(), refund: null };
    if (input.action === 'noshow' && now.getTime() < noShowFrom(timing, b).getTime()) return { result: 'tooEarly' as const, booking: await view(), refund: null };
    if (input.action === 'refundfee') {
      feeRefundId = await claimFeeRefund(tx, 'experience', b.id, now);
      return { result: feeRefundId ? ('done' as const) : ('notAllowed' as const), booking: await view(), refund: null };
    }
    const ends = input.action === 'decline' || input.action === 'cancel';
    const changes: Partial<typeof experienceBookings.$inferInsert> = answerChanges(input.action, input.by, input.note, now, b);
    const [changed] = await tx
      .update(experienceBookings)
      .set({ ...changes, revision: b.revision + 1 })
      .where(eq(experienceBookings.id, b.id))
      .returning();
    // A declined or cancelled booking's ticket in the guest's wallet is voided (docs/wallet.md).
    if (ends) await passChanged(tx, venue.id, experienceSerial(changed.hash), experiencePatch(true), now);
    if (input.action === 'noshow') chargeId = await claimNoShowFee(tx, venue, { kind: 'experience', ...changed, time: changed.time || '00:00' }, now);
    let refund: string | null = null;
    if (ends && b.paidCents > 0 && b.paymentReference && (await claimUsedDeposit(tx, venue, b.paymentReference, now))) refund = b.paymentReference;
    const news = NEWS[input.action];
    if (news) {
      await queueExperienceEmails(tx, venue, e, changed, news, {
        host: input.host,
        now,
        refundCents: refund ? b.paidCents : 0,
        venueNote: changed.venueNote,
        notifyVenue: input.by === 'deadline',
        venueEvent: input.by === 'deadline' ? (input.action === 'confirm' ? 'deadlineConfirmed' : 'deadlineDeclined') : undefined,
      });
    }
    return { result: 'done' as const, booking: staffExperienceView(changed, e, zoneNames, timing), refund };
  });
  if (outcome.refund) await refundDeposit(db, venue, outcome.refund);
  if (outcome.result === 'done') {
    if (NEWS[input.action]) kickDelivery();
    if (input.action === 'decline' || input.action === 'cancel') kickWalletDelivery();
    log.info('experience_booking_answered', { experienceBookingId: found.b.id, action: input.action, by: input.by });
  }
  if (chargeId || feeRefundId) {
    if (chargeId) await chargeNoShow(db, chargeId, { host: input.host }, now);
    if (feeRefundId) await refundNoShow(db, feeRefundId, undefined, now);
    outcome.booking.fee = (await feesOf(db, 'experience', [found.b.id])).get(found.b.id) ?? null;
  }
  return { result: outcome.result, booking: outcome.booking };
}
