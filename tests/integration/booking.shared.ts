import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, pinTestClock, TEST_NOW, testDay } from '../helpers/clock';
import { addDays } from '@/server/booking/availability';
import { instantOf } from '@/server/booking/time';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';
import { formatLongDate } from '@/lib/i18n/format';

// A Tuesday morning in Florence (tests/helpers/clock.ts); every day below is counted from it.
const NOW = TEST_NOW;
const TODAY = testDay(0);
const FRIDAY = testDay(3);
/** `yyyy-mm` of a day, as the month calls take it. */
const yearMonth = (date: string) => ({ year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) });
const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
/** 30 February of next year: a date that does not exist. */
const NO_SUCH_DAY = `${TEST_NOW.getUTCFullYear() + 1}-02-30`;

const guest = (i: number, choice: Partial<ReservationInput> = {}): ReservationInput => ({
  pax: 2,
  date: FRIDAY,
  time: '20:00',
  zone: 'terrazza',
  nome: `Ospite${i}`,
  cognome: 'Rossi',
  email: `guest${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
  marketing: false,
  ...choice,
});

/** Table bookings on the built-in backend: availability, holds, and no overbooking under concurrency. */
export function describeBooking(driver: Driver) {
  describe(`table reservations on ${driver}`, () => {
    // These tests are about capacity: no card guarantee, no SMS code (tests/integration/trust.shared.ts has those).
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = { ...(await import('@/server/booking/service')), ...(await import('@/server/booking/holds')) };
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const book = (input: ReservationInput, now = NOW) =>
        service.createReservation(db, venue, reservationSchema.parse(input), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, now);
      return { db, venue, service, schema, book };
    };

    const coversAt = async (date: string, time: string, zone?: string) => {
      const { db, schema } = await ctx();
      const r = schema.reservations;
      const [row] = await db
        .select({ covers: sql<number>`coalesce(sum(${r.covers}), 0)::int` })
        .from(r)
        .where(and(eq(r.date, date), eq(r.time, time), inArray(r.status, ['confirmed', 'pending']), ...(zone ? [eq(r.zoneKey, zone)] : [])));
      return row.covers;
    };

    it('gives the month its day states: closed Mondays and holidays, past days, a special opening', async () => {
      const { db, venue, service } = await ctx();
      const month = (date: string) => service.getMonth(db, venue, { ...yearMonth(date), pax: 2 }, NOW);
      const state = async (date: string) => (await month(date)).find((x) => x.date === date)?.state;
      const days = await month(TODAY);
      const { year, month: m } = yearMonth(TODAY);
      expect(days).toHaveLength(new Date(Date.UTC(year, m, 0)).getUTCDate());
      expect(days[0].date).toBe(firstOfMonth(TODAY));
      expect(days.filter((d) => d.date < TODAY).every((d) => d.state === 'past')).toBe(true);
      expect(await state(TODAY)).toBe('available');
      expect(await state(testDay(6))).toBe('closed'); // Monday
      expect(await state(DEMO_DAYS.closures[0])).toBe('closed'); // a Friday the venue closes
      expect(await state(DEMO_DAYS.specialDinner)).toBe('available'); // a Monday with a special dinner opening
      expect(await state(DEMO_DAYS.wineEvening)).toBe('experience'); // closed, but the wine evening runs
      expect((await service.getDay(db, venue, { date: DEMO_DAYS.wineEvening, pax: 2 }, NOW)).condition).toBe('onlyExperiences');
      const past = await month(addDays(firstOfMonth(TODAY), -1));
      expect(past.every((d) => d.state === 'past')).toBe(true);
    });

    it('lists a day’s slots with their zones; a module narrows them', async () => {
      const { db, venue, service } = await ctx();
      const day = await service.getDay(db, venue, { date: FRIDAY, pax: 2 }, NOW);
      expect(day.state).toBe('available');
      expect(day.slots.map((s) => s.time)).toEqual(['12:00', '12:30', '13:00', '13:30', '14:00', '19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00']);
      expect(day.slots[0].zones.map((z) => z.key).sort()).toEqual(['sala', 'terrazza']);
      const terrace = await service.getDay(db, venue, { date: FRIDAY, pax: 2, module: 'terrazza' }, NOW);
      expect(terrace.slots[0].zones.map((z) => z.key)).toEqual(['terrazza']);
      const lunch = await service.getDay(db, venue, { date: FRIDAY, pax: 2, module: 'pranzo' }, NOW);
      expect(lunch.slots.every((s) => s.shift === 'pranzo')).toBe(true);
    });

    it('confirms small parties and leaves large ones to the venue (accept), e-mailing guest and venue', async () => {
      const { book, db, schema } = await ctx();
      const confirmed = await book(guest(1, { time: '19:00', zone: 'sala' }));
      expect(confirmed.outcome).toBe('confirm');
      expect(confirmed.hash).toMatch(/^[2-9A-HJKMNP-Z]{26}$/);
      expect((await book(guest(2, { time: '19:30', zone: 'sala', pax: 8 }))).outcome).toBe('accept');

      const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'guest1@example.com'));
      expect(mail.template).toBe('reservationConfirm');
      const longFriday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${FRIDAY}T12:00:00Z`));
      expect(longFriday).toMatch(/^Friday, /);
      expect(mail.subject).toBe(`Your table at Trattoria Da Rosa is confirmed: ${longFriday}, 19:00`);
      expect(mail.bodyText).toContain(`/en/reserve/${confirmed.hash}/edit`);
      // The reference to read out on the phone: two groups of 4 characters without look-alikes (issue 45).
      expect(mail.bodyText).toContain(`${confirmed.hash!.slice(0, 4)} ${confirmed.hash!.slice(4, 8)}`);
      expect(mail.attachments).toHaveLength(1);
      const ics = Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');
      // 19:00 in Florence, in UTC (18:00 in winter, 17:00 in summer).
      expect(ics).toContain(`DTSTART:${instantOf('Europe/Rome', FRIDAY, '19:00').toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
      expect(ics).toContain(`UID:${confirmed.hash}@localhost`);
      const [venueMail] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, 'reservationVenue'), eq(schema.outbox.recipient, 'prenotazioni@trattoriadarosa.example')));
      // The venue's language (Italian by default), the guest named, the date in words (issue 44).
      expect(venueMail.subject).toMatch(new RegExp(`^Nuova prenotazione confermata: \\S+ Rossi, ${formatLongDate(FRIDAY, 'it')}, 19:00, [0-9]+ coperti$`));
    });

    it('never seats more than a slot holds: 50 bookings at once for its last seats', async () => {
      const { book } = await ctx();
      // 21:00 on the terrace: the dinner slot takes 16 covers; 4 are booked first.
      await book(guest(100, { time: '21:00', pax: 4 }));
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => book(guest(200 + i, { time: '21:00' }))));
      const outcomes = results.map((r) => r.outcome);
      expect(outcomes.filter((o) => o === 'confirm')).toHaveLength(6); // 12 covers left, parties of 2
      expect(outcomes.filter((o) => o === 'waitinglist')).toHaveLength(44);
      expect(await coversAt(FRIDAY, '21:00')).toBe(16);
    });

    it('never seats more than a shift holds, across its slots', async () => {
      const { book, db, schema } = await ctx();
      const date = testDay(4); // Saturday
      const times = ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30', '22:00'];
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => book(guest(300 + i, { date, time: times[i % times.length], zone: i % 2 ? 'sala' : 'terrazza', pax: 4 }))),
      );
      const r = schema.reservations;
      const [row] = await db
        .select({ covers: sql<number>`coalesce(sum(${r.covers}), 0)::int` })
        .from(r)
        .where(and(eq(r.date, date), eq(r.shiftKey, 'cena'), inArray(r.status, ['confirmed', 'pending'])));
      expect(row.covers).toBeLessThanOrEqual(60);
      expect(results.every((x) => ['confirm', 'waitinglist'].includes(x.outcome))).toBe(true);
      const [terrace] = await db
        .select({ covers: sql<number>`coalesce(sum(${r.covers}), 0)::int` })
        .from(r)
        .where(and(eq(r.date, date), eq(r.zoneKey, 'terrazza'), inArray(r.status, ['confirmed', 'pending'])));
      expect(terrace.covers).toBeLessThanOrEqual(24);
    });

    it('answers sold out, storing nothing, when the venue keeps no waiting list', async () => {
      const { db, venue, schema } = await ctx();
      const rules = venue.booking!;
      await db.update(schema.venues).set({ booking: { ...rules, waitingList: false } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      try {
        const { findVenueByKey } = await import('@/server/venues/queries');
        const fresh = (await findVenueByKey(db, 'localhost'))!;
        const service = { ...(await import('@/server/booking/service')), ...(await import('@/server/booking/holds')) };
        const { reservationSchema } = await import('@/lib/forms/reservation');
        const result = await service.createReservation(db, fresh, reservationSchema.parse(guest(400, { time: '21:00' })), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, NOW);
        expect(result).toEqual({ outcome: 'soldOut' });
        expect(await db.$count(schema.reservations, eq(schema.reservations.email, 'guest400@example.com'))).toBe(0);
      } finally {
        await db.update(schema.venues).set({ booking: rules }).where(eq(schema.venues.id, venue.id));
        forgetVenueContexts();
      }
    });

    it('holds seats for the guest who picked a time, until released or expired', async () => {
      const { db, venue, service, book } = await ctx();
      const date = testDay(5); // Sunday
      await book(guest(500, { date, time: '12:00', zone: 'terrazza', pax: 10 })); // the terrace seats 24 a shift, a lunch slot 12
      const hold = await service.holdSlot(db, venue, { date, time: '13:00', pax: 12, zone: 'terrazza' }, NOW);
      expect('token' in hold).toBe(true);
      // Others now see the terrace as full at lunch.
      const other = await service.holdSlot(db, venue, { date, time: '13:30', pax: 4, zone: 'terrazza' }, NOW);
      expect(other).toEqual({ condition: 'zoneFull' });
      // The holder books into its own hold.
      if (!('token' in hold)) throw new Error('no hold');
      expect((await book(guest(501, { date, time: '13:00', pax: 12, zone: 'terrazza', holdToken: hold.token }))).outcome).toBe('accept');
      // A released hold frees its seats at once.
      const second = await service.holdSlot(db, venue, { date, time: '13:30', pax: 2, zone: 'terrazza' }, NOW);
      if (!('token' in second)) throw new Error('no hold');
      expect(await service.holdSlot(db, venue, { date, time: '13:30', pax: 2, zone: 'terrazza' }, NOW)).toEqual({ condition: 'zoneFull' });
      await service.releaseHold(db, venue, second.token);
      expect('token' in (await service.holdSlot(db, venue, { date, time: '13:30', pax: 2, zone: 'terrazza' }, NOW))).toBe(true);

      // An expired hold stops counting at once, and is swept an hour later.
      const { slotHolds } = (await ctx()).schema;
      await db.update(slotHolds).set({ expiresAt: new Date(NOW.getTime() - 2 * 3600_000) }).where(eq(slotHolds.date, date));
      expect('token' in (await service.holdSlot(db, venue, { date, time: '14:00', pax: 2, zone: 'terrazza' }, NOW))).toBe(true);
      expect(await db.$count(slotHolds, eq(slotHolds.date, date))).toBe(1);
    });

    it('POST /api/reservation books, keeps the partner flag, and answers bad input with a 400', async () => {
      const { NextRequest } = await import('next/server');
      const { handleCreate } = await import('@/server/booking/http');
      const { db, schema } = await ctx();
      const post = (body: unknown, cookie = '') =>
        handleCreate(
          new NextRequest('http://localhost/api/reservation', {
            method: 'POST',
            headers: { host: 'localhost:3000', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
            body: typeof body === 'string' ? body : JSON.stringify(body),
          }),
        );
      // The route reads the pinned clock: the first open day from nine days ahead.
      const { service, venue } = await ctx();
      let date = '';
      let slot: Awaited<ReturnType<typeof service.getDay>>['slots'][number] | undefined;
      for (let i = 9; !slot && i < 20; i++) {
        date = testDay(i);
        slot = (await service.getDay(db, venue, { date, pax: 2 })).slots.find((x) => x.available);
      }
      if (!slot) throw new Error('no open day in the coming weeks');
      const response = await post({ ...guest(700), recaptchaV3Token: 'local.v3.pass.testtoken', date, time: slot.time, zone: slot.zones.find((z) => z.available)!.key, language: 'de' }, 'frontpagePartner=pc');
      expect(response.status).toBe(200);
      const { data } = await response.json();
      const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, data.hash));
      expect(row).toMatchObject({ partner: true, locale: 'de', covers: 2 });
      const bad = await post({ ...guest(701), date, time: slot.time, zone: 'sala', privacy: false, email: 'x' });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ privacy: 'privacyRequired', email: 'emailInvalid' });
      expect((await post('{nope')).status).toBe(400);
    });

    it('answers the spec’s experience calendar calls', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      /** The entry of `getesperienzemonth` for one day, undefined when none can be booked. */
      const monthEntry = async (date: string) => {
        const { year, month } = yearMonth(date);
        const answer = await dispatch('experience/getesperienzemonth', 'localhost', new URLSearchParams({ year: String(year), month: String(month), pax: '2' }));
        return (answer.body.data as { date: string; esperienze: string[] }[]).find((d) => d.date === date);
      };
      const wine = await monthEntry(DEMO_DAYS.wineEvening);
      const dayAfter = await monthEntry(addDays(DEMO_DAYS.wineEvening, 1));
      // The wine evening runs on its day only, a Monday with no shift: the experiences of a range skip that Monday (issue 45).
      expect(wine?.esperienze).toHaveLength(1);
      expect(dayAfter?.esperienze).toHaveLength(2);
      expect(dayAfter?.esperienze).not.toContain(wine?.esperienze[0]);
      expect(await monthEntry(DEMO_DAYS.closures[1])).toBeUndefined(); // closed
      const day = await dispatch('experience/getesperienzeday', 'localhost', new URLSearchParams({ day: DEMO_DAYS.wineEvening, pax: '2' }));
      const list = day.body.data as { hash: string; titolo: { en: string } }[];
      expect(list.map((e) => e.titolo.en)).toContain('Tuscan wine tasting');
      const bad = await dispatch('experience/getesperienzeday', 'localhost', new URLSearchParams({ day: 'soon', pax: '2' }));
      expect(bad.httpStatus).toBe(400);
    });

    it('reads time from the server clock alone: the contract calls, holds and the sweep follow it, not the database', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      // A year on (52 weeks: a Tuesday again, 08:00 UTC), while the database's own clock still reads today.
      const yearOn = testDay(364);
      const clock = await pinTestClock(new Date(`${yearOn}T08:00:00Z`));
      try {
        const state = async (date: string) => {
          const { year, month } = yearMonth(date);
          const answer = await dispatch('reservation/getmonth', 'localhost', new URLSearchParams({ year: String(year), month: String(month), pax: '2' }));
          return (answer.body.data as { date: string; state: string }[]).find((d) => d.date === date)?.state;
        };
        // The days before it are past by the pinned clock.
        expect([await state(addDays(yearOn, -1)), await state(yearOn), await state(addDays(yearOn, 3))]).toEqual(['past', 'available', 'available']);
        // A hold lives for the venue's minutes by that clock: counted now, not after it runs out.
        const friday = addDays(yearOn, 3);
        const { db, venue, service } = await ctx();
        const hold = await service.holdSlot(db, venue, { date: friday, time: '20:00', pax: 3, zone: 'sala' });
        if (!('token' in hold)) throw new Error('no hold');
        expect(hold.expiresAt.getTime()).toBe(clock.now().getTime() + 8 * 60_000);
        const covers = async (at: Date) => (await service.usageBetween(db, venue.id, friday, friday, at)).get(friday)?.shift.get('cena') ?? 0;
        expect(await covers(clock.now())).toBe(3);
        expect(await covers(new Date(hold.expiresAt.getTime() + 1000))).toBe(0);
        // The sweep deletes it only once the pinned clock has passed its end.
        const { slotHolds } = (await ctx()).schema;
        const kept = () => db.$count(slotHolds, eq(slotHolds.token, hold.token));
        await sweepStale(db);
        expect(await kept()).toBe(1);
        clock.pinClock(new Date(hold.expiresAt.getTime() + 1000));
        await sweepStale(db);
        expect(await kept()).toBe(0);
      } finally {
        await pinTestClock();
      }
    });

    it('refuses bad input with a 400 and a message key, storing nothing', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const { db, schema } = await ctx();
      const before = await db.$count(schema.reservations);
      const form = (input: Record<string, unknown>) =>
        new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)]));
      const base = { ...guest(600), date: testDay(38), privacy: '1', recaptchaV3Token: 'local.v3.pass.testtoken' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, date: testDay(-4) }, 'pastDate', 'date'],
        [{ ...base, date: NO_SUCH_DAY }, 'invalid', 'date'],
        [{ ...base, date: DEMO_DAYS.closures[0] }, 'closedDay', 'date'],
        [{ ...base, date: testDay(48) }, 'closedDay', 'date'], // Monday
        [{ ...base, date: DEMO_DAYS.wineEvening }, 'onlyExperiences', 'date'],
        [{ ...base, pax: 13 }, 'partyTooLarge', 'pax'],
        [{ ...base, zone: 'cantina' }, 'zoneNotOffered', 'zone'],
        [{ ...base, zone: 'sala', reservemodule: 'terrazza' }, 'zoneNotOffered', 'zone'],
        [{ ...base, reservemodule: 'nessuno' }, 'unknownModule', 'reservemodule'],
        [{ ...base, time: '17:00' }, 'timeNotOffered', 'time'],
        [{ ...base, privacy: '0' }, 'invalid', 'privacy'],
        [{ ...base, motivo: 'party' }, 'visitReasonInvalid', 'motivo'],
      ];
      for (const [input, error, field] of cases) {
        const result = await dispatch('reservation/create', 'localhost', form(input));
        expect([result.httpStatus, result.body.error, Object.keys(result.body.fieldErrors ?? {})]).toEqual([400, error, [field]]);
      }
      // The calendar calls refuse a day that does not exist, with the same message key.
      for (const call of ['reservation/getday', 'experience/getesperienzeday']) {
        const day = await dispatch(call, 'localhost', new URLSearchParams({ day: NO_SUCH_DAY, pax: '2' }));
        expect([day.httpStatus, day.body.fieldErrors]).toEqual([400, { day: 'dateInvalid' }]);
      }
      const month = await dispatch('reservation/getmonth', 'localhost', new URLSearchParams({ year: 'abc', month: '13', pax: '0' }));
      expect([month.httpStatus, month.body.fieldErrors]).toEqual([400, { year: 'invalid', month: 'invalid', pax: 'paxInvalid' }]);
      // A hold for another slot is tampered with.
      const { venue, service } = await ctx();
      const hold = await service.holdSlot(db, venue, { date: testDay(38), time: '19:00', pax: 2, zone: 'sala' });
      if (!('token' in hold)) throw new Error('no hold');
      const tampered = await dispatch('reservation/create', 'localhost', form({ ...base, time: '20:00', holdToken: hold.token }));
      expect([tampered.httpStatus, tampered.body.error]).toEqual([400, 'holdInvalid']);
      expect(await db.$count(schema.reservations)).toBe(before);
    });

    it('still finds a booking by a link sent before the readable keys, and a new one by its key (issue 45)', async () => {
      const { book, db, schema, venue } = await ctx();
      const { findReservation } = await import('@/server/booking/changes');
      const { publicId } = await import('@/server/ids');
      const fresh = (await book(guest(45, { time: '20:00', zone: 'sala' }))) as { hash: string };
      expect((await findReservation(db, venue, fresh.hash))?.hash).toBe(fresh.hash);
      // A booking made before: its base64url key, in links already in guests' inboxes.
      const old = publicId();
      await db.update(schema.reservations).set({ hash: old }).where(eq(schema.reservations.hash, fresh.hash));
      expect((await findReservation(db, venue, old))?.hash).toBe(old);
      expect(await findReservation(db, venue, fresh.hash)).toBeNull();
      expect(await findReservation(db, venue, `${old.slice(0, 21)}!`)).toBeNull();
      // Its covers leave the evening the next tests count.
      await db.update(schema.reservations).set({ status: 'cancelled' }).where(eq(schema.reservations.hash, old));
    });
  });
}
