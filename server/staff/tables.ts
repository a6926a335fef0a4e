import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, type CapacityOverride, type ReservationRow, type Texts } from '@/server/db/schema';
import type { VenueContext } from '@/server/venues/context';
import { log } from '@/lib/log';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { now as clockNow } from '@/server/clock';
import { emptyUsage } from '@/server/booking/availability';
import { lockCapacity, usageBetween } from '@/server/booking/service';
import { seatsOf, takenTables } from '@/server/booking/tables';
import { experienceTitle } from './answers';
import { staffBookingView, timingOf } from './view';
import type { StaffBookingOutcome, StaffRefusal } from './bookings';

/**
 * A booking moved to another table by hand (issue 44, `staff/table`): the table, or tables pushed
 * together, of its zone that staff chose on the sheet; none clears it. Under the evening's lock
 * that every booking takes, so that two hosts seating two parties at once see each other's: a
 * table another party holds during this one's turn (`tableTaken`), or one that does not seat the
 * party (`tableTooSmall`), is refused unless staff tick the override, recorded on the booking as
 * a capacity override is (`capacity_override`, when it has none of its own).
 */
export type TableInput = { hash: string; tables: string[]; override: boolean };

const refused = (httpStatus: number, error: string, fieldErrors?: Record<string, string>): StaffRefusal => ({ status: false, httpStatus, error, ...(fieldErrors ? { fieldErrors } : {}) });

/** The first table rule the move goes past, or null: another party's table during the turn, then the seats. */
function tableCondition(venue: VenueContext, row: ReservationRow, usage: ReturnType<typeof emptyUsage>, names: string[]): 'tableTaken' | 'tableTooSmall' | null {
  if (!names.length) return null;
  const rules = venue.setup.rules;
  const taken = takenTables(rules, usage.seatings.filter((s) => s.tables), { time: row.time, covers: row.covers, zone: row.zoneKey });
  if (names.some((n) => taken.has(n))) return 'tableTaken';
  const seats = seatsOf(rules, names);
  return row.covers > seats.max ? 'tableTooSmall' : null;
}

/** `staff/table`: the booking's tables set by hand; refused past a table rule unless `override`. */
export async function staffTable(db: Db, venue: VenueContext, input: TableInput, now = clockNow()): Promise<StaffBookingOutcome> {
  if (!isWellFormedBookingHash(input.hash)) return refused(404, 'notFound');
  const names = [...new Set(input.tables)];
  const known = venue.setup.rules.tables;
  if (names.some((n) => !known.some((t) => t.name === n))) return refused(400, 'invalid', { tables: 'unknownTable' });
  const [current] = await db.select().from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.hash, input.hash)));
  if (!current) return refused(404, 'notFound');
  if (names.some((n) => known.find((t) => t.name === n)!.zone !== current.zoneKey)) return refused(400, 'invalid', { tables: 'tableOtherZone' });
  const outcome = await db.transaction(async (tx): Promise<StaffBookingOutcome> => {
    await lockCapacity(tx, venue.id, current.date);
    const [r] = await tx.select().from(reservations).where(eq(reservations.id, current.id)).for('update');
    if (r.status !== 'confirmed' && r.status !== 'pending') return refused(409, 'notChangeable');
    const usage = (await usageBetween(tx, venue.id, r.date, r.date, now, { reservationId: r.id })).get(r.date) ?? emptyUsage();
    const condition = tableCondition(venue, r, usage, names);
    if (condition && !input.override) return refused(409, 'full', { override: condition });
    // Recorded like a capacity override; one the booking already has (past a capacity) is kept.
    const override: CapacityOverride | null = condition ? (r.capacityOverride ?? { condition, at: now.toISOString(), covers: r.covers }) : r.capacityOverride;
    const [moved] = await tx
      .update(reservations)
      .set({ tables: names.length ? names : null, capacityOverride: override, updatedAt: now })
      .where(eq(reservations.id, r.id))
      .returning();
    const zoneNames = new Map(venue.setup.zones.map((z) => [z.key, z.name as Texts]));
    const booking = staffBookingView(moved, zoneNames, timingOf(venue), await experienceTitle(tx, moved.id));
    return { status: true, data: { result: 'changed', booking, override: condition ?? '' } };
  });
  if (outcome.status) log.info('staff_table', { reservationId: current.id, tables: names.length, override: outcome.data.override || null });
  return outcome;
}
