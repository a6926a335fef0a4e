import { desc, eq } from 'drizzle-orm';
import type { ReservationInput } from '@/lib/forms/reservation';
import { TEST_NOW } from './clock';

/**
 * The site's database and default venue (`localhost`), and a table booking made straight through
 * the booking service as a guest whose bot check passed, read back as its stored row: how the door
 * tests set up the bookings they then read through each door. Call it after `useSiteDatabase`.
 * `bookAnswer`: the service's answer and the guest's latest stored row, read by e-mail (the
 * service sheet and host stand tests, whose bookings include refusals with no hash).
 */
export async function siteBooking() {
  const { getDb } = await import('@/server/db/client');
  const { findVenueByKey } = await import('@/server/venues/queries');
  const service = await import('@/server/booking/service');
  const { reservationSchema } = await import('@/lib/forms/reservation');
  const schema = await import('@/server/db/schema');
  const db = await getDb();
  const venue = (await findVenueByKey(db, 'localhost'))!;
  const make = (input: ReservationInput) => service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
  const book = async (input: ReservationInput) => {
    const made = await make(input);
    return (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!)))[0];
  };
  const bookAnswer = async (input: ReservationInput) => {
    const made = await make(input);
    const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.email, input.email)).orderBy(desc(schema.reservations.id)).limit(1);
    return { made, row };
  };
  return { db, venue, schema, book, bookAnswer };
}
