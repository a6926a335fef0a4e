import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { siteBooking } from '../helpers/site-booking';
import { testDay } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

const DAY = testDay(3);
const OTHER_DAY = testDay(5);
const guest = (i: number, pax: number, time = '20:00', date = DAY, name = `Ospite${i}`): ReservationInput => ({
  pax,
  date,
  time,
  zone: 'sala',
  nome: name,
  cognome: 'Verdi',
  email: `hoststand-guest${i}@example.com`,
  prefisso: '+39',
  telefono: `34712345${String(i).padStart(2, '0')}`,
  note: '',
  privacy: true,
  marketing: false,
});
const form = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));

type Shift = { key: string; capacity: number; tally: { expected: number; seated: number; finished: number; noShow: number; coversLeft: number } };
type Found = { httpStatus: number; body: { status: boolean; error?: string; fieldErrors?: Record<string, string>; data?: { q: string; bookings: { hash: string; name: string; date: string; phone: string }[] } } };

/** Issue 44: the host stand's tally per shift and the search across days, on the built-in backend. */
export function describeHostStand(driver: Driver) {
  describe(`the host stand's tally and search on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async () => {
      const { db, schema, bookAnswer } = await siteBooking();
      const book = async (input: ReservationInput) => (await bookAnswer(input)).row;
      return { db, schema, book };
    };
    const call = async (name: string, params: URLSearchParams) => (await import('@/server/backend/dispatch')).dispatch(name, 'localhost', params) as Promise<Found & { body: { data?: unknown } }>;

    it('tallies each shift: expected, seated, no-show, and the covers left (a no-show frees its seats)', async () => {
      const { book, db, schema } = await ctx();
      const seated = await book(guest(1, 4, '19:30'));
      const gone = await book(guest(2, 3, '20:00'));
      await book(guest(3, 2, '20:30'));
      const cancelled = await book(guest(4, 5, '21:00'));
      await db.update(schema.reservations).set({ attendance: 'arrived' }).where(eq(schema.reservations.id, seated.id));
      await db.update(schema.reservations).set({ attendance: 'noshow' }).where(eq(schema.reservations.id, gone.id));
      await db.update(schema.reservations).set({ status: 'cancelled' }).where(eq(schema.reservations.id, cancelled.id));

      const sheet = await call('staff/day', form({ date: DAY }));
      const cena = (sheet.body.data as unknown as { shifts: Shift[] }).shifts.find((s) => s.key === 'cena')!;
      expect(cena.tally).toEqual({ expected: 2, seated: 4, finished: 0, noShow: 3, coversLeft: cena.capacity - 6 });
    });

    it('finds bookings on any day by name, phone or booking code; refuses a query too short', async () => {
      const { book } = await ctx();
      const anna = await book(guest(11, 2, '20:00', DAY, 'Annalisa'));
      await book(guest(12, 2, '20:00', OTHER_DAY, 'Annabella'));
      await book(guest(13, 2, '19:30', OTHER_DAY, 'Marco'));
      const search = async (q: string) => (await call('staff/search', form({ q }))) as Found;

      const byName = await search('anna');
      expect(byName.httpStatus).toBe(200);
      // The latest day first.
      expect(byName.body.data!.bookings.map((b) => [b.name, b.date])).toEqual([
        ['Annabella Verdi', OTHER_DAY],
        ['Annalisa Verdi', DAY],
      ]);
      expect((await search('347 123 4513')).body.data!.bookings.map((b) => b.name)).toEqual(['Marco Verdi']);
      expect((await search('+39 3471234511')).body.data!.bookings.map((b) => b.name)).toEqual(['Annalisa Verdi']);
      // The booking code of the guest's e-mails (the key's first 8 characters, any case), or the whole key.
      expect((await search(anna.hash.slice(0, 8).toLowerCase())).body.data!.bookings.map((b) => b.hash)).toContain(anna.hash);
      expect((await search(anna.hash)).body.data!.bookings.map((b) => b.hash)).toEqual([anna.hash]);
      // As the guest reads it out from the e-mail: two groups of four.
      expect((await search(`${anna.hash.slice(0, 4)} ${anna.hash.slice(4, 8)}`)).body.data!.bookings.map((b) => b.hash)).toContain(anna.hash);
      // A pattern's wildcards match themselves.
      expect((await search('%%')).body.data!.bookings).toEqual([]);
      expect(await search('a')).toMatchObject({ httpStatus: 400, body: { error: 'invalid', fieldErrors: { q: 'invalid' } } });
      expect(await search('x'.repeat(101))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { q: 'invalid' } } });
    });
  });
}
