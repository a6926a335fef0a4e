import 'server-only';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, venueHosts, venues } from '@/server/db/schema';
import { bookingRulesSchema } from '@/server/booking/rules';
import { instantOf } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';
import { answerBooking } from './sheet';
import { pendingExperienceBookings } from './experience-answers';

/** When a pending request must be answered: `hours` after it was made, but never later than `minHoursBefore` its time. */
export function pendingDeadlineOf(rules: { hours: number; minHoursBefore: number }, r: { createdAt: Date; date: string; time: string }, timeZone: string): Date {
  const byAge = r.createdAt.getTime() + rules.hours * 3600_000;
  const byTime = instantOf(timeZone, r.date, r.time).getTime() - rules.minHoursBefore * 3600_000;
  return new Date(Math.min(byAge, byTime));
}

/**
 * The housekeeping sweep's part (issue 23): every request (table, or experience on its own) still pending past its venue's
 * deadline (`booking.pendingDeadline`) is answered as the venue set it (decline by default),
 * by `deadline`, with the guest's and the venue's e-mails. Each answer carries the version it
 * was read at, so a staff answer in between wins and the sweep changes nothing.
 */
export async function answerOverduePending(db: Db, now = clockNow(), venueId?: number): Promise<number> {
  const rows = await db
    .select({ r: reservations, venue: venues })
    .from(reservations)
    .innerJoin(venues, eq(venues.id, reservations.venueId))
    .where(inArray(reservations.status, ['pending']))
    .orderBy(asc(reservations.id));
  // Experiences booked on their own wait for the same answer, under the same deadline.
  const experienceRows = await pendingExperienceBookings(db);
  const venueRows = experienceRows.length ? await db.select().from(venues).where(inArray(venues.id, [...new Set(experienceRows.map((b) => b.venueId))])) : [];
  const waiting = [
    ...rows,
    ...experienceRows.flatMap((b) => {
      const venue = venueRows.find((v) => v.id === b.venueId);
      return venue ? [{ r: { hash: b.hash, revision: b.revision, createdAt: b.createdAt, date: b.date, time: b.time || '00:00' }, venue }] : [];
    }),
  ];
  let answered = 0;
  for (const { r, venue } of waiting) {
    // One venue's only when the housekeeping runner asks so (each venue fails alone).
    if (venueId !== undefined && venue.id !== venueId) continue;
    const rules = bookingRulesSchema.parse(venue.booking ?? undefined).pendingDeadline;
    if (pendingDeadlineOf(rules, r, venue.timezone).getTime() > now.getTime()) continue;
    const [host] = await db.select({ host: venueHosts.host }).from(venueHosts).where(and(eq(venueHosts.venueId, venue.id))).limit(1);
    const outcome = await answerBooking(db, venue, { hash: r.hash, action: rules.outcome, version: r.revision, by: 'deadline', host: host?.host ?? 'localhost' }, now);
    if (outcome.result === 'done') answered++;
  }
  return answered;
}
