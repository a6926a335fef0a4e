import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, lt, min, sql, sum } from 'drizzle-orm';
import { limitFor, LIMITS, RateLimitedError } from '@/server/limits/config';
import { limitIdentity } from '@/server/http/client-address';
import type { Db } from '@/server/db/types';
import { slotHolds, type VenueRow } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';
import { emptyUsage, fits, type Condition } from './availability';
import { capacityLock, checkChoice, loadBookingVenue, requireModule, usageBetween } from './service';
import { holding } from './moves';
import { monthChanged } from './month-cache';
import { countHold } from '@/server/observability/observe';

/**
 * Holds seats for a guest who picked a time (venue-set minutes, default 8). Others see
 * them as taken; a new pick replaces the guest's previous hold.
 */
export async function holdSlot(
  db: Db,
  venue: VenueRow,
  c: { date: string; time: string; pax: number; zone: string; module?: string; replaceToken?: string; editing?: number; clientAddress?: string },
  now = clockNow(),
): Promise<{ token: string; expiresAt: Date } | { condition: Condition }> {
  const v = await loadBookingVenue(db, venue);
  const bookingModule = requireModule(v, c.module);
  const { shift, zone } = checkChoice(v, venue, c, bookingModule, now);
  // A slot already full is refused from an unlocked read, without queueing on the evening's lock (issue 27).
  if (!c.replaceToken) {
    const full = fits(v, (await usageBetween(db, venue.id, c.date, c.date, now, { reservationId: c.editing })).get(c.date) ?? emptyUsage(), shift, c.time, zone, c.pax);
    if (full) return { condition: full };
  }
  const lock = capacityLock(venue.id, c.date);
  return holding([lock], () => db.transaction(async (tx) => {
    if (c.replaceToken) await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, c.replaceToken)));
    // Expired holds no longer count; they are swept here, an hour after they ran out.
    await tx.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), lt(slotHolds.expiresAt, new Date(now.getTime() - 3_600_000))));
    // One client is one identity (its IPv6 /64), for the count and in the hold it keeps.
    const holder = c.clientAddress ? limitIdentity(c.clientAddress) : null;
    if (holder) await checkHoldsOfAddress(tx, venue, holder, c.pax, v.rules.partySize.max, now);
    await lock.take(tx);
    const usage = (await usageBetween(tx, venue.id, c.date, c.date, now, { reservationId: c.editing })).get(c.date) ?? emptyUsage();
    const condition = fits(v, usage, shift, c.time, zone, c.pax);
    if (condition) return { condition };
    const token = randomBytes(18).toString('base64url');
    const expiresAt = new Date(now.getTime() + v.rules.holdMinutes * 60_000);
    await tx.insert(slotHolds).values({ venueId: venue.id, token, date: c.date, time: c.time, shiftKey: shift.key, zoneKey: zone.key, covers: c.pax, expiresAt, clientAddress: holder });
    countHold();
    return { token, expiresAt };
  }));
}

/**
 * The live holds and held covers of one address (limits `liveHolds`, `heldCovers`), checked
 * under a lock of that address, so two concurrent picks cannot both slip under the limit.
 * The covers are never more than the venue's largest party (`largestParty`), so one address
 * cannot fill a slot, unless `heldCovers` is raised above its default. Refused: RateLimitedError, whose Retry-After is when the address's first hold runs out.
 */
async function checkHoldsOfAddress(tx: Db, venue: VenueRow, address: string, pax: number, largestParty: number, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(${venue.id}, hashtext(${`holds|${address}`}))`);
  const [live] = await tx
    .select({ holds: count(), covers: sum(slotHolds.covers), first: min(slotHolds.expiresAt) })
    .from(slotHolds)
    .where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.clientAddress, address), gt(slotHolds.expiresAt, now)));
  const holds = Number(live?.holds ?? 0);
  const covers = Number(live?.covers ?? 0);
  // An operator who raises `heldCovers` above its default (a load test, the e2e sites) lifts the largest-party cap with it.
  const configured = limitFor('heldCovers', venue.limits).count;
  const coverCap = configured > LIMITS.heldCovers.count ? configured : Math.min(configured, largestParty);
  const over = holds + 1 > limitFor('liveHolds', venue.limits).count ? 'liveHolds' : covers + pax > coverCap ? 'heldCovers' : null;
  if (!over) return;
  const first = live?.first ? new Date(live.first).getTime() : now.getTime();
  throw new RateLimitedError(over, Math.max(1, Math.ceil((first - now.getTime()) / 1000)));
}

export async function releaseHold(db: Db, venue: VenueRow, token: string) {
  const [released] = await db.delete(slotHolds).where(and(eq(slotHolds.venueId, venue.id), eq(slotHolds.token, token))).returning({ date: slotHolds.date });
  // Its seats are free again in the calendar's month (server/booking/month-cache.ts).
  if (released) monthChanged(venue.id, released.date);
}
