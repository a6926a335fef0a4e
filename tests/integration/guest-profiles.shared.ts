import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

const booking = (date: string, time: string, email: string, telefono: string, nome = 'Anna'): ReservationInput => ({
  pax: 2,
  date,
  time,
  zone: 'sala',
  nome,
  cognome: 'Rossi',
  email,
  prefisso: '+39',
  telefono,
  note: '',
  privacy: true,
  marketing: false,
});
const form = (values: Record<string, string>) => new URLSearchParams(values);
type Guest = { visits: number; noShows: number; cancellations: number; notes: string; tags: string[]; version: number } | null;
type Line = { hash: string; name: string; guest: Guest };

/**
 * Guest profiles (issue 44; server/guests/profiles.ts): by the canonical identity (an inbox in
 * any spelling, a phone in any format), the history counted from the venue's bookings, staff's
 * notes and tags, on every booking of the guest on the sheet; in `guest:export`, gone with `guest:erase`.
 */
export function describeGuestProfiles(driver: Driver) {
  describe(`guest profiles on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { venueContext } = await import('@/server/venues/context');
      const service = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      const book = async (input: ReservationInput) => {
        const made = await service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
        return (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!)))[0];
      };
      return { db, venue, schema, book };
    };
    const call = async (name: string, params: URLSearchParams) => (await import('@/server/backend/dispatch')).dispatch(name, 'localhost', params);
    const sheet = async (date: string) => {
      const answer = await call('staff/day', form({ date }));
      return (answer.body.data as { shifts: { bookings: Line[] }[] }).shifts.flatMap((s) => s.bookings);
    };

    it('counts visits, no-shows and cancellations by the guest\'s identity, and keeps staff\'s notes and tags on every booking of theirs', async () => {
      const { db, venue, schema, book } = await ctx();
      const day = testDay(3);
      // One guest, four bookings: two inbox spellings, the phone typed two ways; one booking by someone else.
      const seated = await book(booking(testDay(1), '20:00', 'Anna.Rossi+cena@gmail.com', '347 123 4580'));
      const finished = await book(booking(testDay(2), '20:00', 'annarossi@gmail.com', '3471234580'));
      const noShow = await book(booking(testDay(4), '20:00', 'annarossi@googlemail.com', '347-123-4580'));
      const cancelled = await book(booking(testDay(5), '20:00', 'anna@example.com', '347 1234580'));
      const tonight = await book(booking(day, '20:00', 'annarossi@gmail.com', '347 123 4580'));
      const other = await book(booking(day, '20:30', 'bruno@example.com', '347 123 4581', 'Bruno'));
      await db.update(schema.reservations).set({ attendance: 'arrived' }).where(eq(schema.reservations.id, seated.id));
      await db.update(schema.reservations).set({ attendance: 'finished' }).where(eq(schema.reservations.id, finished.id));
      await db.update(schema.reservations).set({ attendance: 'noshow' }).where(eq(schema.reservations.id, noShow.id));
      await db.update(schema.reservations).set({ status: 'cancelled' }).where(eq(schema.reservations.id, cancelled.id));
      // A phone booking staff took, phone only: the same guest by her phone.
      const staff = await import('@/server/staff/bookings');
      const phoned = await staff.staffPhoneBooking(db, venue, { date: day, time: '21:00', pax: 2, zone: 'sala', guest: { firstName: 'Anna', lastName: 'R.', phonePrefix: '+39', phone: '347 123 4580', email: '', notes: '', locale: 'it', marketing: false }, override: false }, TEST_NOW);
      if (!phoned.status) throw new Error(JSON.stringify(phoned));

      const before = await sheet(day);
      expect(before.find((b) => b.hash === tonight.hash)!.guest).toEqual({ visits: 2, noShows: 1, cancellations: 1, notes: '', tags: [], version: 0 });
      expect(before.find((b) => b.hash === phoned.data.booking.hash)!.guest).toMatchObject({ visits: 2, noShows: 1, cancellations: 1 });
      expect(before.find((b) => b.hash === other.hash)!.guest).toEqual({ visits: 0, noShows: 0, cancellations: 0, notes: '', tags: [], version: 0 });

      // Staff note an allergy and tags on tonight's booking: every booking of hers shows them.
      const saved = await call('staff/guest', form({ hash: tonight.hash, notes: ' Allergia alle noci ', tags: 'VIP, Seggiolone ,vip,, Allergia noci' }));
      expect(saved).toMatchObject({ httpStatus: 200, body: { status: true, data: { profile: { notes: 'Allergia alle noci', tags: ['VIP', 'Seggiolone', 'Allergia noci'], visits: 2, version: 0 } } } });
      const after = await sheet(day);
      for (const hash of [tonight.hash, phoned.data.booking.hash]) expect(after.find((b) => b.hash === hash)!.guest).toMatchObject({ notes: 'Allergia alle noci', tags: ['VIP', 'Seggiolone', 'Allergia noci'] });
      expect(after.find((b) => b.hash === other.hash)!.guest!.tags).toEqual([]);
      // Changed from the phone booking (her phone finds the same profile).
      expect(await call('staff/guest', form({ hash: phoned.data.booking.hash, notes: 'Allergia alle noci; tavolo tranquillo', tags: 'VIP' }))).toMatchObject({ httpStatus: 200, body: { data: { profile: { tags: ['VIP'], version: 1 } } } });
      expect(await db.select().from(schema.guestProfiles).where(eq(schema.guestProfiles.venueId, venue.id))).toHaveLength(1);

      // Bad input; a walk-in with no identity has no profile.
      expect(await call('staff/guest', form({ hash: tonight.hash, notes: 'x'.repeat(1001) }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { notes: 'tooLong' } } });
      expect(await call('staff/guest', form({ hash: tonight.hash, tags: 'x'.repeat(31) }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { tags: 'invalid' } } });
      expect(await call('staff/guest', form({ hash: tonight.hash, tags: Array.from({ length: 13 }, (_, i) => `t${i}`).join(',') }))).toMatchObject({ httpStatus: 400 });
      expect(await call('staff/guest', form({ hash: 'A'.repeat(26), notes: 'x' }))).toMatchObject({ httpStatus: 404 });
      const { instantOf } = await import('@/server/booking/time');
      const walkIn = await staff.staffWalkIn(db, venue, { pax: 2, guest: {}, override: false }, instantOf('Europe/Rome', day, '20:15'));
      if (!walkIn.status) throw new Error(JSON.stringify(walkIn));
      expect(await call('staff/guest', form({ hash: walkIn.data.booking.hash, notes: 'x' }))).toMatchObject({ httpStatus: 409, body: { error: 'noIdentity' } });
      expect((await sheet(day)).find((b) => b.hash === walkIn.data.booking.hash)!.guest).toBeNull();
    });

    it('exports the guest\'s profiles with their data, and erases them with it', async () => {
      const { db, venue, schema, book } = await ctx();
      const day = testDay(10);
      // Staff took her first booking on the phone, without an e-mail: her profile is kept by her phone only.
      const staff = await import('@/server/staff/bookings');
      const phoned = await staff.staffPhoneBooking(db, venue, { date: day, time: '19:30', pax: 2, zone: 'sala', guest: { firstName: 'Carla', lastName: 'Neri', phonePrefix: '+39', phone: '347 123 4590', email: '', notes: '', locale: 'it', marketing: false }, override: false }, TEST_NOW);
      if (!phoned.status) throw new Error(JSON.stringify(phoned));
      expect((await call('staff/guest', form({ hash: phoned.data.booking.hash, notes: 'Celiaca', tags: 'Senza glutine' }))).httpStatus).toBe(200);
      // Then she booked online with her e-mail and the same phone.
      await book(booking(day, '20:00', 'Carla.Neri@example.com', '347 123 4590', 'Carla'));
      const { exportGuest, eraseGuest } = await import('@/server/consent/guest-data');
      const exported = await exportGuest(db, 'carla.neri@EXAMPLE.com');
      expect(exported.guestProfiles).toEqual([expect.objectContaining({ venue: 'demo', email: '', phone: '+393471234590', notes: 'Celiaca', tags: ['Senza glutine'] })]);
      const erased = await eraseGuest(db, 'carla.neri@example.com');
      expect(erased.guestProfiles).toBe(1);
      expect(await db.select().from(schema.guestProfiles).where(eq(schema.guestProfiles.phoneKey, '+393471234590'))).toEqual([]);
      expect((await exportGuest(db, 'carla.neri@example.com')).guestProfiles).toEqual([]);
    });
  });
}
