import { and, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

const guest = (i: number, time: string, date: string): ReservationInput => ({
  pax: 2,
  date,
  time,
  zone: 'sala',
  nome: `Turno${i}`,
  cognome: 'Bianchi',
  email: `shift-lock-guest${i}@example.com`,
  prefisso: '+39',
  telefono: `3471239${String(i).padStart(3, '0')}`,
  note: '',
  privacy: true,
  marketing: false,
});
const phoneGuest = (i: number) => ({ firstName: `Banco${i}`, lastName: '', phonePrefix: '+39', phone: `3471240${String(i).padStart(3, '0')}`, email: '', notes: '', locale: 'it', marketing: false });

/**
 * One capacity lock per venue and day (server/booking/service.ts `lockCapacity`): a table's turn
 * and a pacing window run from one shift into the next, so bookings in two shifts of one day
 * compete for one table or one 15 minutes and must be serialised together. The demo venue's
 * lunch (last seating 14:00) and dinner (from 19:00) with a 330-minute turn: a lunch at 14:00
 * holds its table until 19:30, into the dinner's first seating.
 */
export function describeShiftLocks(driver: Driver) {
  describe(`one capacity lock per day on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const { venues } = await import('@/server/db/schema');
      const { forgetVenueContexts } = await import('@/server/venues/context');
      const db = await getDb();
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      await db
        .update(venues)
        .set({
          booking: {
            ...demo.booking!,
            availabilityByTables: true,
            // The room's one table; the terrace has none (nothing is booked there).
            tables: [{ name: '1', zone: 'sala', seats: { min: 1, max: 4 } }],
            tableCombinations: [],
            turnMinutes: [{ upTo: 99, minutes: 330 }],
          },
        })
        .where(eq(venues.id, demo.id));
      forgetVenueContexts();
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { venueContext } = await import('@/server/venues/context');
      const service = await import('@/server/booking/service');
      const staff = await import('@/server/staff/bookings');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      const book = (input: ReservationInput) => service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
      const standing = async (date: string) =>
        db
          .select()
          .from(schema.reservations)
          .where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.date, date), inArray(schema.reservations.status, ['confirmed', 'pending'])));
      return { db, venue, service, staff, book, standing };
    };

    it('counts a lunch turn against the dinner: the last table taken at 14:00 is not free at 19:00', async () => {
      const { db, venue, service, book, standing } = await ctx();
      const date = testDay(10);
      expect((await book(guest(1, '14:00', date))).outcome).toBe('confirm');
      const dinner = (await service.getDay(db, venue, { date, pax: 2 }, TEST_NOW)).slots.find((s) => s.time === '19:00')!;
      expect(dinner.zones.find((z) => z.key === 'sala')).toEqual({ key: 'sala', available: false, condition: 'zoneFull' });
      expect((await book(guest(2, '19:00', date))).outcome).toBe('waitinglist');
      expect((await standing(date)).map((r) => [r.shiftKey, r.tables])).toEqual([['pranzo', ['1']]]);
    });

    it('hammer: guests and staff booking the last table from lunch and dinner at once: exactly one gets it', async () => {
      const { db, venue, staff, book, standing } = await ctx();
      const date = testDay(11);
      const guests = Array.from({ length: 12 }, (_, i) => book(guest(100 + i, i % 2 ? '19:00' : '14:00', date)).then((r) => r.outcome));
      const phones = Array.from({ length: 6 }, (_, i) =>
        staff.staffPhoneBooking(db, venue, { date, time: i % 2 ? '19:00' : '14:00', pax: 2, zone: 'sala', guest: phoneGuest(100 + i), override: false }, TEST_NOW).then((r) => (r.status ? 'booked' : r.error)),
      );
      const outcomes = await Promise.all([...guests, ...phones]);
      expect(outcomes.filter((o) => o === 'confirm' || o === 'booked')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'waitinglist' || o === 'full')).toHaveLength(17);
      const seated = await standing(date);
      expect(seated).toHaveLength(1);
      expect(seated[0].tables).toEqual(['1']);
    });
  });
}
