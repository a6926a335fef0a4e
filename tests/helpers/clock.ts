import { and, eq } from 'drizzle-orm';
import { addDays } from '@/server/booking/availability';
import type { Db } from '@/server/db/types';

/**
 * The suites' time: the first Tuesday at least two weeks after the day they run, 09:00 UTC
 * (10:00 or 11:00 in Florence). Pinned for the whole run; every date a test uses is
 * counted from it (`testDay`), so no test names a day of the calendar.
 */
export const TEST_NOW = (() => {
  const day = new Date();
  day.setUTCHours(9, 0, 0, 0);
  day.setUTCDate(day.getUTCDate() + 14);
  while (day.getUTCDay() !== 2) day.setUTCDate(day.getUTCDate() + 1);
  return day;
})();

/** The day `n` days after TEST_NOW's (a Tuesday): testDay(3) is a Friday, testDay(6) a Monday. */
export const testDay = (n: number) => addDays(TEST_NOW.toISOString().slice(0, 10), n);

/** TEST_NOW moved by `minutes`. */
export const testMoment = (minutes: number) => new Date(TEST_NOW.getTime() + minutes * 60_000);

/**
 * Pins the server's clock (server/clock.ts) for this test file, so every rule and every
 * SQL comparison, also those behind the HTTP routes and the contract calls, reads the
 * pinned time and not the day the suite runs.
 */
export async function pinTestClock(at: Date = TEST_NOW) {
  const clock = await import('@/server/clock');
  clock.pinClock(at);
  return clock;
}

/**
 * The demo venue's special days, counted from TEST_NOW instead of the dates in
 * venues/demo.json: closed on two Fridays (testDay 24 and 31), open for dinner on a
 * Monday (27), and the wine evening on another Monday (41), when the venue is closed.
 */
export const DEMO_DAYS = { closures: [testDay(24), testDay(31)], specialDinner: testDay(27), wineEvening: testDay(41) };

/** Moves the demo venue's closures, special opening and wine evening to DEMO_DAYS. */
export async function placeDemoCalendar(db: Db) {
  const { experiences, venues } = await import('@/server/db/schema');
  const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
  const booking = { ...demo.booking!, closures: DEMO_DAYS.closures, specialOpenings: [{ date: DEMO_DAYS.specialDinner, shifts: ['cena'] }] };
  await db.update(venues).set({ booking }).where(eq(venues.id, demo.id));
  await db
    .update(experiences)
    .set({ startDate: DEMO_DAYS.wineEvening, expiryDate: DEMO_DAYS.wineEvening })
    .where(and(eq(experiences.venueId, demo.id), eq(experiences.key, 'vini-toscani')));
  (await import('@/server/venues/context')).forgetVenueContexts();
  return { ...demo, booking };
}
