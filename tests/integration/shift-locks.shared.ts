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
 * holds its table until 19:30, into the dinner's first seating; and a lunch stretched to 19:10
 * starts in the dinner's first 15 minutes, under one pace.
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
      return { db, venue, service, staff, schema, book, standing };
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

    it('hammer: guests holding and booking one 15 minutes from two overlapping shifts at once never start more covers than the pace', async () => {
      const { getDb } = await import('@/server/db/client');
      const { venues, shifts } = await import('@/server/db/schema');
      const { forgetVenueContexts } = await import('@/server/venues/context');
      const db = await getDb();
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      const [lunch] = await db.select().from(shifts).where(and(eq(shifts.venueId, demo.id), eq(shifts.key, 'pranzo')));
      // Lunch stretched into the evening, its seatings at :10 and :40 (19:10 the last), overlapping the dinner's 19:00:
      // 19:00 (dinner) and 19:10 (lunch) start in one 15 minutes. No tables here: the pace alone, 3 covers (one party of two;
      // a second party from the other shift, given its own lock, would fit its shift's read and start 4).
      await db.update(venues).set({ booking: { ...demo.booking!, availabilityByTables: false, tables: [], tableCombinations: [], pacingCoversPer15Minutes: 3 } }).where(eq(venues.id, demo.id));
      await db.update(shifts).set({ startTime: '12:10', endTime: '19:40', lastSeating: '19:10', capacity: 200, slotCapacity: 100 }).where(eq(shifts.id, lunch.id));
      forgetVenueContexts();
      try {
        const { book, standing, venue, schema } = await ctx();
        const { holdSlot } = await import('@/server/booking/holds');
        const date = testDay(12);
        const at = (i: number) => (i % 2 ? '19:10' : '19:00');
        // Guests picking a time (a hold of their seats) and guests booking, from both shifts at once.
        const holds = Array.from({ length: 12 }, (_, i) => holdSlot(db, venue, { date, time: at(i), pax: 2, zone: 'sala' }, TEST_NOW).then((r) => ('token' in r ? 'held' : r.condition)));
        const bookings = Array.from({ length: 12 }, (_, i) => book(guest(200 + i, at(i), date)).then((r) => r.outcome));
        const outcomes = await Promise.all([...holds, ...bookings]);
        // One party of two starts in the 15 minutes, whichever shift it is in; all others are refused.
        expect(outcomes.filter((o) => o === 'held' || o === 'confirm')).toHaveLength(1);
        const held = await db.select().from(schema.slotHolds).where(and(eq(schema.slotHolds.venueId, venue.id), eq(schema.slotHolds.date, date)));
        const seated = await standing(date);
        expect([...held, ...seated].reduce((n, r) => n + r.covers, 0)).toBe(2);
      } finally {
        await db.update(venues).set({ booking: demo.booking }).where(eq(venues.id, demo.id));
        await db.update(shifts).set(lunch).where(eq(shifts.id, lunch.id));
        forgetVenueContexts();
      }
    });
  });
}
