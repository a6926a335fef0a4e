import 'server-only';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { and, desc, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { reservations, type VenueRow } from '@/server/db/schema';
import { staffBookingView, timingOf } from './view';
import { zoneNamesOf } from './answers';

/** The most bookings a search answers: the latest days first. */
export const SEARCH_LIMIT = 20;

/** The statuses a search finds: the sheet's (standing bookings, the waiting list, the day's answers). */
const FOUND = ['confirmed', 'pending', 'waitinglist', 'declined', 'cancelled'] as const;

/** `%` and `_` typed by staff match themselves in a LIKE pattern. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `staff/search {q}` (issue 44): a venue's table bookings on any day, by the guest's name
 * (any part of "first last", any case), phone (its digits, 4 or more, anywhere in the number
 * with its prefix) or booking code (the reference of the guest's e-mails, 8 characters, or the
 * whole key). One statement, plus the zones' names; the latest days first, at most SEARCH_LIMIT.
 */
export async function searchBookings(db: Db, venue: VenueRow, q: string) {
  const text = q.trim();
  const digits = text.replace(/\D/g, '');
  const matches = [sql`(${reservations.firstName} || ' ' || ${reservations.lastName}) ilike ${`%${likeEscaped(text)}%`}`];
  if (digits.length >= 4 && /^[\d\s+().-]+$/.test(text)) matches.push(sql`regexp_replace(${reservations.phonePrefix} || ${reservations.phone}, '[^0-9]', '', 'g') like ${`%${digits}%`}`);
  // The reference as the guest reads it ("K7WE JWKR": the key's first 8 characters, lib/booking/reference.ts), or the whole key.
  const code = text.replace(/\s/g, '');
  if (/^[A-Za-z0-9_-]{8}$/.test(code)) matches.push(sql`upper(left(${reservations.hash}, 8)) = ${code.toUpperCase()}`);
  if (isWellFormedBookingHash(code)) matches.push(eq(reservations.hash, code));
  const [rows, zoneNames] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(and(eq(reservations.venueId, venue.id), inArray(reservations.status, [...FOUND]), or(...matches)))
      .orderBy(desc(reservations.date), asc(reservations.time), asc(reservations.id))
      .limit(SEARCH_LIMIT),
    zoneNamesOf(db, venue.id),
  ]);
  const timing = timingOf(venue);
  return { q: text, bookings: rows.map((r) => staffBookingView(r, zoneNames, timing, null)) };
}
