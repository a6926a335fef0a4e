import 'server-only';

/**
 * A shift's live tally for the host stand (issue 44), in covers (guests): `expected` (confirmed
 * or pending, not yet marked), `seated` (marked arrived), `finished` (seated, then left: issue 44),
 * `noShow` (marked no-show), and `coversLeft`, the shift's capacity less the expected, the seated
 * and the finished (the shift's covers are counted per shift, as availability counts them; a
 * no-show's seats are free again for a walk-in). Computed from the sheet's own bookings: no extra statement.
 */
export type ShiftTally = { expected: number; seated: number; finished: number; noShow: number; coversLeft: number };

type Counted = { status: string; attendance: string; covers: number };

export function shiftTally(capacity: number, bookings: readonly Counted[]): ShiftTally {
  const standing = bookings.filter((b) => b.status === 'confirmed' || b.status === 'pending');
  const sum = (of: readonly Counted[]) => of.reduce((total, b) => total + b.covers, 0);
  const expected = sum(standing.filter((b) => !b.attendance));
  const seated = sum(standing.filter((b) => b.attendance === 'arrived'));
  const finished = sum(standing.filter((b) => b.attendance === 'finished'));
  const noShow = sum(standing.filter((b) => b.attendance === 'noshow'));
  return { expected, seated, finished, noShow, coversLeft: Math.max(0, capacity - expected - seated - finished) };
}
