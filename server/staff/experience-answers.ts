import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { experienceBookings, experiences, type ExperienceBookingRow, type Texts, type VenueRow } from '@/server/db/schema';
import { staffExperienceView, timingOf, type StaffBooking } from './view';
import type { FeeView } from '@/server/payments/noshow';

/**
 * The venue's side of experiences booked on their own (issue 23: "experience bookings appear
 * on the same sheet"): listed on the day's sheet beside the shifts. They are answered as table
 * bookings are, on one path (server/staff/answers.ts, `EXPERIENCE_ANSWERS`); an experience added
 * to a table booking is answered with that booking.
 */

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
