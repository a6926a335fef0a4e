import { eq } from 'drizzle-orm';
import type { ReservationInput } from '@/lib/forms/reservation';
import { TEST_NOW } from './clock';

/**
 * The site's database and default venue (`localhost`), and a table booking made straight through
 * the booking service as a guest whose bot check passed, read back as its stored row: how the door
 * tests set up the bookings they then read through each door. Call it after `useSiteDatabase`.
 */
export async function siteBooking() {
  const { getDb } = await import('@/server/db/client');
  const { findVenueByKey } = await import('@/server/venues/queries');
  const service = await import('@/server/booking/service');
  const { reservationSchema } = await import('@/lib/forms/reservation');
  const schema = await import('@/server/db/schema');
  const db = await getDb();
  const venue = (await findVenueByKey(db, 'localhost'))!;
  const book = async (input: ReservationInput) => {
    const made = await service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
    return (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!)))[0];
  };
  return { db, venue, schema, book };
}
