import 'server-only';
import { and, count, eq, gte, lt, sum } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/server/db/types';
import { experienceBookings, noshowCharges, reservations, waitlistOffers, type VenueRow } from '@/server/db/schema';
import { instantOf, localMoment } from '@/server/booking/time';
import { now as clockNow } from '@/server/clock';

/** The first day of the month after `month` (`yyyy-mm`). */
const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};

/**
 * `staff/metrics` (issue 24): a month's figures of the venue's half of the loop, counted from
 * the database (no tracker), the month as the venue's calendar has it: waiting-list offers
 * made, claimed and expired; reminders sent, confirmed and cancelled from; no-shows marked and
 * no-show fees collected (net of refunds). Each counter is one query: a new one is one more.
 */
export async function venueMetrics(db: Db, venue: VenueRow, month?: string, now = clockNow()) {
  const current = month ?? localMoment(venue.timezone, now).date.slice(0, 7);
  const from = instantOf(venue.timezone, `${current}-01`, '00:00');
  const to = instantOf(venue.timezone, `${nextMonth(current)}-01`, '00:00');
  const within = (column: AnyPgColumn) => and(gte(column, from), lt(column, to));
  const n = async (query: Promise<{ n: number | string | null }[]>) => Number((await query)[0]?.n ?? 0);
  const offers = (status: 'claimed' | 'expired') => n(db.select({ n: count() }).from(waitlistOffers).where(and(eq(waitlistOffers.venueId, venue.id), eq(waitlistOffers.status, status), within(waitlistOffers.endedAt))));
  const answered = (answer: 'coming' | 'cancelled') =>
    n(db.select({ n: count() }).from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.reminderAnswer, answer), within(reservations.reminderAnsweredAt))));
  const fees = (status: 'succeeded' | 'refunded') =>
    n(db.select({ n: sum(noshowCharges.amountCents) }).from(noshowCharges).where(and(eq(noshowCharges.venueId, venue.id), eq(noshowCharges.status, status), within(noshowCharges.chargedAt))));
  const [offersMade, offersClaimed, offersExpired, remindersSent, remindersConfirmed, remindersCancelled, tableNoShows, experienceNoShows, feesCollectedCents, feesRefundedCents] = await Promise.all([
    n(db.select({ n: count() }).from(waitlistOffers).where(and(eq(waitlistOffers.venueId, venue.id), within(waitlistOffers.createdAt)))),
    offers('claimed'),
    offers('expired'),
    n(db.select({ n: count() }).from(reservations).where(and(eq(reservations.venueId, venue.id), within(reservations.remindedAt)))),
    answered('coming'),
    answered('cancelled'),
    n(db.select({ n: count() }).from(reservations).where(and(eq(reservations.venueId, venue.id), eq(reservations.attendance, 'noshow'), within(reservations.attendanceAt)))),
    n(db.select({ n: count() }).from(experienceBookings).where(and(eq(experienceBookings.venueId, venue.id), eq(experienceBookings.attendance, 'noshow'), within(experienceBookings.attendanceAt)))),
    fees('succeeded'),
    fees('refunded'),
  ]);
  return {
    month: current,
    currency: venue.currency,
    offers: { made: offersMade, claimed: offersClaimed, expired: offersExpired },
    reminders: { sent: remindersSent, confirmed: remindersConfirmed, cancelled: remindersCancelled },
    noShows: { marked: tableNoShows + experienceNoShows, feesCollectedCents, feesRefundedCents },
  };
}
export type VenueMetrics = Awaited<ReturnType<typeof venueMetrics>>;
