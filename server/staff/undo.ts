import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, type Attendance, type AttendanceBefore, type Texts, type VenueRow } from '@/server/db/schema';
import { isWellFormedHash } from '@/server/booking/changes';
import { claimFeeRefund, feesOf, refundNoShow, type FeeBooking } from '@/server/payments/noshow';
import { now as clockNow } from '@/server/clock';
import { log } from '@/lib/log';
import { EXPERIENCE_ANSWERS, findExperienceToAnswer, TABLE_ANSWERS, zoneNamesOf, type AnswerKind, type AnsweredRow } from './answers';
import { timingOf, undoUntil, type StaffBooking } from './view';

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

/** The columns an undo writes: the attendance before the mark, and no second undo (the answer's write adds the next version). */
const restored = (b: Marked) => ({
  attendance: b.attendanceBefore?.attendance ?? null,
  attendanceAt: b.attendanceBefore?.at ? new Date(b.attendanceBefore.at) : null,
  attendanceBefore: null,
});

export async function undoAttendance(db: Db, venue: VenueRow, input: { hash: string; version: number | null }, now = clockNow()): Promise<UndoOutcome> {
  if (!isWellFormedHash(input.hash)) return { result: 'notFound' };
  const zoneNames = await zoneNamesOf(db, venue.id);
  const [table] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  if (table) return undoOne(db, venue, { row: table }, TABLE_ANSWERS, input, zoneNames, now);
  const experience = await findExperienceToAnswer(db, venue, input.hash);
  return experience ? undoOne(db, venue, experience, EXPERIENCE_ANSWERS, input, zoneNames, now) : { result: 'notFound' };
}

/** The undo of either kind of booking, under its row lock: its row, view and write are the kind's, as for the staff's answers (server/staff/answers.ts). */
async function undoOne<F extends { row: R }, R extends AnsweredRow & Marked, X>(
  db: Db,
  venue: VenueRow,
  found: F,
  kind: AnswerKind<F, R, X>,
  input: { version: number | null },
  zoneNames: Map<string, Texts>,
  now: Date,
): Promise<UndoOutcome> {
  const timing = timingOf(venue);
  let refundId: number | null = null;
  const outcome = await db.transaction(async (tx) => {
    const b = (await kind.lockRow(tx, found.row.id))!;
    const decided = await verdict(tx, kind.kind, b, input.version, now);
    const extra = await kind.extra(tx, found, b);
    const view = async (row: R) => kind.view(row, extra, zoneNames, timing, (await feesOf(tx, kind.kind, [row.id])).get(row.id) ?? null);
    if (decided !== 'undo') return { result: decided, booking: await view(b) };
    const changed = await kind.write(tx, b, restored(b), now);
    if (b.attendance === 'noshow') refundId = await claimFeeRefund(tx, kind.kind, b.id, now);
    return { result: 'done' as const, booking: await view(changed) };
  });
  if (outcome.result === 'done') log.info('attendance_undone', { kind: kind.kind, bookingId: found.row.id, refund: refundId !== null });
  if (refundId) {
    await refundNoShow(db, refundId, undefined, now);
    outcome.booking.fee = (await feesOf(db, kind.kind, [found.row.id])).get(found.row.id) ?? null;
  }
  return outcome;
}
