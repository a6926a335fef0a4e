import { and, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

const guest = (i: number, pax: number, time: string, date: string, zone = 'sala'): ReservationInput => ({
  pax,
  date,
  time,
  zone,
  nome: `Tavolo${i}`,
  cognome: 'Neri',
  email: `tables-guest${i}@example.com`,
  prefisso: '+39',
  telefono: `3471237${String(i).padStart(3, '0')}`,
  note: '',
  privacy: true,
  marketing: false,
});
const phoneGuest = (i: number) => ({ firstName: `Telefono${i}`, lastName: '', phonePrefix: '+39', phone: `3471236${String(i).padStart(3, '0')}`, email: '', notes: '', locale: 'it', marketing: false });

/**
 * Tables (issue 44): each booking gets the smallest free table that seats it, else a listed
 * combination; with `booking.availabilityByTables` a party is only accepted (the wizard's month
 * and day, the booking, staff bookings) where a table or combination is free for its turn time,
 * under the evening's lock; staff move a booking by hand (`staff/table`), refused on a table taken
 * or too small unless they override, recorded.
 */
export function describeTables(driver: Driver) {
  describe(`tables on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const { venues } = await import('@/server/db/schema');
      const { forgetVenueContexts } = await import('@/server/venues/context');
      const db = await getDb();
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      const table = (name: string, zone: string, min: number, max: number) => ({ name, zone, seats: { min, max } });
      await db
        .update(venues)
        .set({
          booking: {
            ...demo.booking!,
            availabilityByTables: true,
            tables: [table('1', 'sala', 1, 2), table('2', 'sala', 2, 4), table('3', 'sala', 2, 4), table('20', 'terrazza', 1, 4)],
            tableCombinations: [{ tables: ['2', '3'], seats: { min: 5, max: 8 } }],
            turnMinutes: [
              { upTo: 2, minutes: 90 },
              { upTo: 99, minutes: 120 },
            ],
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
      const { staffTable } = await import('@/server/staff/tables');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      const book = (input: ReservationInput) => service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
      const row = async (hash: string) => (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, hash)))[0];
      const slot = async (date: string, pax: number, time: string) => (await service.getDay(db, venue, { date, pax }, TEST_NOW)).slots.find((s) => s.time === time)!;
      return { db, venue, service, staff, staffTable, schema, book, row, slot };
    };

    it('gives each booking the smallest free table, then a combination, and accepts a party only where one is free for its turn', async () => {
      const { book, row, slot, service, db, venue } = await ctx();
      const date = testDay(3);
      // A party of 6 fits only the combination 2+3, in the room; the terrace's one table seats 4.
      expect((await slot(date, 6, '20:00')).zones).toEqual([{ key: 'sala', available: true }, { key: 'terrazza', available: false, condition: 'zoneFull' }]);
      const two = await book(guest(1, 2, '20:00', date));
      const four = await book(guest(2, 4, '20:00', date));
      const three = await book(guest(3, 3, '20:00', date));
      expect([two.outcome, four.outcome, three.outcome]).toEqual(['confirm', 'confirm', 'confirm']);
      expect([(await row(two.hash!)).tables, (await row(four.hash!)).tables, (await row(three.hash!)).tables]).toEqual([['1'], ['2'], ['3']]);
      // Every table of the room is taken at 20:00 and while those turns last, far below the room's 40 covers.
      expect(await slot(date, 2, '20:00')).toMatchObject({ available: true, zones: [{ key: 'sala', available: false, condition: 'zoneFull' }, { key: 'terrazza', available: true }] });
      expect((await slot(date, 2, '21:00')).zones[0]).toEqual({ key: 'sala', available: false, condition: 'zoneFull' });
      // Table 1 is free again at 21:30 (90 minutes for two); 2 and 3 at 22:00 (120 minutes).
      expect((await slot(date, 2, '21:30')).zones[0]).toEqual({ key: 'sala', available: true });
      expect((await slot(date, 3, '21:30')).zones[0]).toEqual({ key: 'sala', available: false, condition: 'zoneFull' });
      expect((await slot(date, 3, '22:00')).zones[0]).toEqual({ key: 'sala', available: true });
      // The booking itself is refused where no table is free: the waiting list, with no table.
      const late = await book(guest(4, 2, '20:30', date));
      expect(late.outcome).toBe('waitinglist');
      expect((await row(late.hash!)).tables).toBeNull();
      // A party no table nor combination seats finds the day without a time (the month's state too).
      const month = await service.getMonth(db, venue, { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), pax: 9 }, TEST_NOW);
      expect(month.find((d) => d.date === date)!.state).toBe('completed');
      expect((await slot(testDay(4), 9, '20:00')).available).toBe(false);
    });

    it('holds staff bookings to the tables too: full without the override, booked past it with no table, recorded', async () => {
      const { staff, venue, db, row } = await ctx();
      const date = testDay(4);
      const first = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 4, zone: 'terrazza', guest: phoneGuest(1), override: false }, TEST_NOW);
      expect(first.status && first.data.booking.tables).toEqual(['20']);
      const refused = await staff.staffPhoneBooking(db, venue, { date, time: '20:30', pax: 2, zone: 'terrazza', guest: phoneGuest(2), override: false }, TEST_NOW);
      expect(refused).toEqual({ status: false, httpStatus: 409, error: 'full', fieldErrors: { override: 'zoneFull' } });
      const past = await staff.staffPhoneBooking(db, venue, { date, time: '20:30', pax: 2, zone: 'terrazza', guest: phoneGuest(2), override: true }, TEST_NOW);
      if (!past.status) throw new Error(past.error);
      expect(past.data).toMatchObject({ override: 'zoneFull', booking: { tables: [] } });
      expect((await row(past.data.booking.hash)).capacityOverride).toMatchObject({ condition: 'zoneFull', covers: 2 });
    });

    it('moves a booking to another table by hand: refused on a table taken or too small unless overridden, recorded; another zone or an unknown table is bad input', async () => {
      const { staff, staffTable, venue, db, row } = await ctx();
      const date = testDay(5);
      const made = await Promise.all([2, 4].map((pax, i) => staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax, zone: 'sala', guest: phoneGuest(10 + i), override: false }, TEST_NOW)));
      const [pair, four] = made.map((m) => (m.status ? m.data.booking : null)!);
      expect([pair.tables, four.tables]).toEqual([['1'], ['2']]);
      expect(await staffTable(db, venue, { hash: pair.hash, tables: ['2'], override: false }, TEST_NOW)).toEqual({ status: false, httpStatus: 409, error: 'full', fieldErrors: { override: 'tableTaken' } });
      expect(await staffTable(db, venue, { hash: pair.hash, tables: ['20'], override: false }, TEST_NOW)).toMatchObject({ httpStatus: 400, fieldErrors: { tables: 'tableOtherZone' } });
      expect(await staffTable(db, venue, { hash: pair.hash, tables: ['99'], override: false }, TEST_NOW)).toMatchObject({ httpStatus: 400, fieldErrors: { tables: 'unknownTable' } });
      const moved = await staffTable(db, venue, { hash: pair.hash, tables: ['3'], override: false }, TEST_NOW);
      expect(moved).toMatchObject({ status: true, data: { result: 'changed', override: '', booking: { tables: ['3'] } } });
      expect((await row(pair.hash)).capacityOverride).toBeNull();
      // Table 1 is free now, and seats 2: too small for the four.
      expect(await staffTable(db, venue, { hash: four.hash, tables: ['1'], override: false }, TEST_NOW)).toEqual({ status: false, httpStatus: 409, error: 'full', fieldErrors: { override: 'tableTooSmall' } });
      // Pushed together by hand, past a table taken: with the override, recorded.
      const pushed = await staffTable(db, venue, { hash: four.hash, tables: ['1', '2', '3'], override: true }, TEST_NOW);
      expect(pushed).toMatchObject({ status: true, data: { override: 'tableTaken', booking: { tables: ['1', '2', '3'] } } });
      expect((await row(four.hash)).capacityOverride).toMatchObject({ condition: 'tableTaken', covers: 4 });
      const cleared = await staffTable(db, venue, { hash: pair.hash, tables: [], override: false }, TEST_NOW);
      expect(cleared).toMatchObject({ status: true, data: { booking: { tables: [] } } });
      expect((await row(pair.hash)).tables).toBeNull();
    });

    it('frees the table of a party that left: a finished party holds none, its covers still count', async () => {
      const { staff, db, venue, slot } = await ctx();
      const { answerBooking } = await import('@/server/staff/sheet');
      const date = testDay(7);
      // The terrace's only table, taken at 20:00: once the party is seated and has left, it is free for the next.
      const made = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 2, zone: 'terrazza', guest: phoneGuest(30), override: false }, TEST_NOW);
      if (!made.status) throw new Error(made.error);
      expect(made.data.booking.tables).toEqual(['20']);
      const terrace = async () => (await slot(date, 2, '20:30')).zones.find((z) => z.key === 'terrazza');
      expect(await terrace()).toEqual({ key: 'terrazza', available: false, condition: 'zoneFull' });
      const hash = made.data.booking.hash;
      const seated = await answerBooking(db, venue, { hash, action: 'arrived', version: null, by: 'staff', host: 'localhost' }, TEST_NOW);
      expect(seated.result).toBe('done');
      expect('booking' in seated && seated.booking.seatedAt).toBe(TEST_NOW.toISOString());
      expect('booking' in seated && seated.booking.turnMinutes).toBe(90);
      expect(await terrace()).toEqual({ key: 'terrazza', available: false, condition: 'zoneFull' });
      expect((await answerBooking(db, venue, { hash, action: 'finished', version: null, by: 'staff', host: 'localhost' }, TEST_NOW)).result).toBe('done');
      expect(await terrace()).toEqual({ key: 'terrazza', available: true });
      const { usageBetween } = await import('@/server/booking/service');
      expect((await usageBetween(db, venue.id, date, date, TEST_NOW)).get(date)).toMatchObject({ zone: new Map([['cena|terrazza', 2]]), seatings: [{ time: '20:00', zone: 'terrazza', covers: 2, tables: [] }] });
    });

    it('keeps a changed booking at its table while it is free and seats it, else gives it another', async () => {
      const { staff, db, venue, row } = await ctx();
      const date = testDay(10);
      const made = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 2, zone: 'sala', guest: phoneGuest(40), override: false }, TEST_NOW);
      if (!made.status) throw new Error(made.error);
      const { hash } = made.data.booking;
      expect(made.data.booking.tables).toEqual(['1']);
      // Half an hour later: table 1 is still free, it stays.
      const later = await staff.staffChange(db, venue, { hash, version: 0, time: '20:30', override: false }, TEST_NOW);
      expect(later.status && later.data.booking.tables).toEqual(['1']);
      // Four now: table 1 seats two, the smallest free table for four is 2.
      const four = await staff.staffChange(db, venue, { hash, version: 1, pax: 4, override: false }, TEST_NOW);
      expect(four.status && four.data.booking.tables).toEqual(['2']);
      expect((await row(hash)).tables).toEqual(['2']);
    });

    it('hammer: guests and staff booking one time at once never get the same table', async () => {
      const { book, staff, db, venue, schema } = await ctx();
      const date = testDay(8);
      // Three tables of the room take a pair at 21:00 (1, 2, 3); the combination needs 5.
      const guests = Array.from({ length: 8 }, (_, i) => book(guest(100 + i, 2, '21:00', date)).then((r) => r.outcome));
      const phones = Array.from({ length: 4 }, (_, i) => staff.staffPhoneBooking(db, venue, { date, time: '21:00', pax: 2, zone: 'sala', guest: phoneGuest(100 + i), override: false }, TEST_NOW).then((r) => (r.status ? 'booked' : r.error)));
      const outcomes = await Promise.all([...guests, ...phones]);
      const seated = await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.date, date), inArray(schema.reservations.status, ['confirmed', 'pending'])));
      const tables = seated.flatMap((r) => r.tables ?? []);
      expect(tables.sort()).toEqual(['1', '2', '3']);
      expect(seated.every((r) => r.tables?.length === 1)).toBe(true);
      expect(outcomes.filter((o) => o === 'confirm' || o === 'booked')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'waitinglist' || o === 'full')).toHaveLength(9);
    });
  });
}
