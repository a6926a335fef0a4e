import { and, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

const guest = (i: number, pax: number, time: string, date: string, zone = 'sala'): ReservationInput => ({
  pax,
  date,
  time,
  zone,
  nome: `Ritmo${i}`,
  cognome: 'Verdi',
  email: `pacing-guest${i}@example.com`,
  prefisso: '+39',
  telefono: `3471238${String(i).padStart(3, '0')}`,
  note: '',
  privacy: true,
  marketing: false,
});

/**
 * Pacing (issue 44): `booking.pacingCoversPer15Minutes` limits the covers starting in each 15
 * minutes for online bookings: availability shows a time full past it, the booking's transaction
 * holds it under concurrency; staff bookings may pass it.
 */
export function describePacing(driver: Driver) {
  describe(`pacing on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });
    const PACE = 6;

    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const { venues } = await import('@/server/db/schema');
      const { forgetVenueContexts } = await import('@/server/venues/context');
      const db = await getDb();
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      await db.update(venues).set({ booking: { ...demo.booking!, pacingCoversPer15Minutes: PACE } }).where(eq(venues.id, demo.id));
      forgetVenueContexts();
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { venueContext } = await import('@/server/venues/context');
      const service = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      const book = (input: ReservationInput) => service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
      return { db, venue, service, schema, book };
    };

    it('shows a time full once its 15 minutes hold the covers the venue paces, whatever the slot and zone still hold', async () => {
      const { db, venue, service, book } = await ctx();
      const date = testDay(3);
      expect((await book(guest(1, 4, '20:00', date))).outcome).toBe('confirm');
      const day = async (pax: number) => (await service.getDay(db, venue, { date, pax }, TEST_NOW)).slots.find((s) => s.time === '20:00')!;
      // 4 started at 20:00: 2 more fit the pace, 3 do not (the slot holds 16, the room 40).
      expect((await day(2)).available).toBe(true);
      expect(await day(3)).toMatchObject({ available: false, condition: 'slotFull' });
      // Another window is untouched.
      expect((await service.getDay(db, venue, { date, pax: 6 }, TEST_NOW)).slots.find((s) => s.time === '20:30')!.available).toBe(true);
      // The booking itself is refused past the pace: the waiting list.
      expect((await book(guest(2, 3, '20:00', date, 'terrazza'))).outcome).toBe('waitinglist');
      expect((await book(guest(3, 2, '20:00', date, 'terrazza'))).outcome).toBe('confirm');
    });

    it('lets staff book past the pace: a phone booking and a walk-in are not paced', async () => {
      const { db, venue } = await ctx();
      const staff = await import('@/server/staff/bookings');
      const date = testDay(4);
      const first = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 6, zone: 'sala', guest: { firstName: 'Anna', lastName: '', phonePrefix: '+39', phone: '3471234500', email: '', notes: '', locale: 'it', marketing: false }, override: false }, TEST_NOW);
      const second = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 4, zone: 'sala', guest: { firstName: 'Bruno', lastName: '', phonePrefix: '+39', phone: '3471234501', email: '', notes: '', locale: 'it', marketing: false }, override: false }, TEST_NOW);
      expect([first.status && first.data.override, second.status && second.data.override]).toEqual(['', '']);
      // Online, the time is full.
      const { getDay } = await import('@/server/booking/service');
      expect((await getDay(db, venue, { date, pax: 1 }, TEST_NOW)).slots.find((s) => s.time === '20:00')!.available).toBe(false);
    });

    it('hammer: 12 guests booking one 15 minutes at once never start more covers than the pace', async () => {
      const { db, venue, schema, book } = await ctx();
      const date = testDay(8);
      const outcomes = await Promise.all(Array.from({ length: 12 }, (_, i) => book(guest(100 + i, 2, '21:00', date, i % 2 ? 'sala' : 'terrazza')).then((r) => r.outcome)));
      const seated = await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.date, date), eq(schema.reservations.time, '21:00'), inArray(schema.reservations.status, ['confirmed', 'pending'])));
      expect(seated.reduce((n, r) => n + r.covers, 0)).toBe(PACE);
      expect(outcomes.filter((o) => o === 'confirm')).toHaveLength(PACE / 2);
      expect(outcomes.filter((o) => o === 'waitinglist')).toHaveLength(12 - PACE / 2);
    });
  });
}
