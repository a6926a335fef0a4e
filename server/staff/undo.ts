import 'server-only';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, experiences, reservations, type Attendance, type AttendanceBefore, type VenueRow } from '@/server/db/schema';
import { isWellFormedHash } from '@/server/booking/changes';
import { claimFeeRefund, feesOf, refundNoShow, type FeeBooking } from '@/server/payments/noshow';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import { experienceTitle, zoneNamesOf } from './sheet';
import { staffBookingView, staffExperienceView, timingOf, undoUntil, type StaffBooking } from './view';

/**
 * `staff/undo` (issue 41): staff's last attendance mark (arrived, no-show), taken back within
 * UNDO_MINUTES of it. The booking goes back to the attendance it had before the mark; an undone
 * no-show gives its fee back in full: the refund is claimed in the undo's transaction (the
 * fee row's one move `succeeded` → `refunding`, server/payments/noshow.ts) and made after the
 * commit, so two taps at once refund once (the booking's row lock and its version decide which
 * tap undoes; the other finds nothing left to undo). A fee still on its way (`charging`, or
 * `requires_action` while the guest's bank asks them) cannot be taken back yet: `feePending`.
 */
export type UndoOutcome = { result: 'done' | 'changed' | 'notAllowed' | 'undoExpired' | 'feePending'; booking: StaffBooking } | { result: 'notFound' };

type Marked = { id: number; revision: number; attendance: Attendance | null; attendanceAt: Date | null; attendanceBefore: AttendanceBefore | null };
type Verdict = 'undo' | 'changed' | 'notAllowed' | 'undoExpired' | 'feePending';

/** Whether this booking's last mark can be undone now, read under its row lock. */
async function verdict(t: Db, kind: FeeBooking['kind'], b: Marked, version: number | null, now: Date): Promise<Verdict> {
  if (version !== null && b.revision !== version) return 'changed';
  const until = undoUntil(b);
  if (!until) return 'notAllowed';
  if (now.getTime() > until.getTime()) return 'undoExpired';
  if (b.attendance === 'noshow') {
    const fee = (await feesOf(t, kind, [b.id])).get(b.id);
    if (fee && (fee.status === 'charging' || fee.status === 'requires_action')) return 'feePending';
  }
  return 'undo';
}

/** The columns an undo writes: the attendance before the mark, and no second undo. */
const restored = (b: Marked) => ({
  attendance: b.attendanceBefore?.attendance ?? null,
  attendanceAt: b.attendanceBefore?.at ? new Date(b.attendanceBefore.at) : null,
  attendanceBefore: null,
  revision: b.revision + 1,
});

export async function undoAttendance(db: Db, venue: VenueRow, input: { hash: string; version: number | null }, now = clockNow()): Promise<UndoOutcome> {
  if (!isWellFormedHash(input.hash)) return { result: 'notFound' };
  const timing = timingOf(venue);
  const zoneNames = await zoneNamesOf(db, venue.id);
  let refundId: number | null = null;
  const [table] = await db.select({ id: reservations.id }).from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  let outcome: { result: Exclude<Verdict, 'undo'> | 'done'; booking: StaffBooking; id: number } | null = null;
  if (table) {
    outcome = await db.transaction(async (tx) => {
      const [r] = await tx.select().from(reservations).where(eq(reservations.id, table.id)).for('update');
      const decided = await verdict(tx, 'table', r, input.version, now);
      const view = async (row: typeof r) => staffBookingView(row, zoneNames, timing, await experienceTitle(tx, row.id), (await feesOf(tx, 'table', [row.id])).get(row.id) ?? null);
      if (decided !== 'undo') return { result: decided, booking: await view(r), id: r.id };
      const [changed] = await tx.update(reservations).set({ ...restored(r), updatedAt: now }).where(eq(reservations.id, r.id)).returning();
      if (r.attendance === 'noshow') refundId = await claimFeeRefund(tx, 'table', r.id, now);
      return { result: 'done' as const, booking: await view(changed), id: r.id };
    });
  } else {
    const [found] = await db
      .select({ id: experienceBookings.id, e: experiences })
      .from(experienceBookings)
      .innerJoin(experiences, eq(experiences.id, experienceBookings.experienceId))
      .where(and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.hash, input.hash), isNull(experienceBookings.reservationId)));
    if (!found) return { result: 'notFound' };
    outcome = await db.transaction(async (tx) => {
      const [b] = await tx.select().from(experienceBookings).where(eq(experienceBookings.id, found.id)).for('update');
      const decided = await verdict(tx, 'experience', b, input.version, now);
      const view = async (row: typeof b) => staffExperienceView(row, found.e, zoneNames, timing, (await feesOf(tx, 'experience', [row.id])).get(row.id) ?? null);
      if (decided !== 'undo') return { result: decided, booking: await view(b), id: b.id };
      const [changed] = await tx.update(experienceBookings).set(restored(b)).where(eq(experienceBookings.id, b.id)).returning();
      if (b.attendance === 'noshow') refundId = await claimFeeRefund(tx, 'experience', b.id, now);
      return { result: 'done' as const, booking: await view(changed), id: b.id };
    });
  }
  if (outcome.result === 'done') log.info('attendance_undone', { kind: outcome.booking.kind, bookingId: outcome.id, refund: refundId !== null });
  if (refundId) {
    await refundNoShow(db, refundId, undefined, now);
    outcome.booking.fee = (await feesOf(db, outcome.booking.kind, [outcome.id])).get(outcome.id) ?? null;
  }
  return { result: outcome.result, booking: outcome.booking };
}
