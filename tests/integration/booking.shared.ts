import fs from 'node:fs';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createPostgresDatabase, tempDir, type Driver } from '../helpers/databases';
import { pinTestClock, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

// Tuesday 1 December 2026, 10:00 in Florence.
const NOW = TEST_NOW;
const FRIDAY = '2026-12-04';

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
    let dataDir: string;

    beforeAll(async () => {
      process.env.LOG_LEVEL = 'silent';
      await pinTestClock();
      process.env.OUTBOX_INTERVAL_MS = '3600000';
      dataDir = tempDir();
      process.env.DATA_DIR = dataDir;
      if (driver === 'postgres') process.env.DATABASE_URL = await createPostgresDatabase();
      else delete process.env.DATABASE_URL;
      const { getDb } = await import('@/server/db/client');
      const { seedDemoVenue } = await import('@/server/venues/seed');
      await seedDemoVenue(await getDb());
      // These tests are about capacity: no card guarantee, no SMS code (tests/integration/trust.shared.ts has those).
      const { venues } = await import('@/server/db/schema');
      const db = await getDb();
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      await db.update(venues).set({ booking: { ...demo.booking!, guarantee: undefined, smsConfirmation: { mode: 'never', covers: 0 } } }).where(eq(venues.id, demo.id));
    });

    afterAll(async () => {
      const { getDatabaseHandle } = await import('@/server/db/client');
      await (await getDatabaseHandle()).close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = await import('@/server/booking/service');
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
      const days = await service.getMonth(db, venue, { year: 2026, month: 12, pax: 2 }, NOW);
      const state = (d: string) => days.find((x) => x.date === d)?.state;
      expect(days).toHaveLength(31);
      expect(state('2026-11-30')).toBeUndefined();
      expect(state('2026-12-01')).toBe('available');
      expect(state('2026-12-07')).toBe('closed'); // Monday
      expect(state('2026-12-25')).toBe('closed'); // Christmas
      expect(state('2026-12-28')).toBe('available'); // a Monday with a special dinner opening
      const january = await service.getMonth(db, venue, { year: 2027, month: 1, pax: 2 }, NOW);
      expect(january.find((d) => d.date === '2027-01-11')?.state).toBe('experience'); // closed, but the wine evening runs
      expect((await service.getDay(db, venue, { date: '2027-01-11', pax: 2 }, NOW)).condition).toBe('onlyExperiences');
      const past = await service.getMonth(db, venue, { year: 2026, month: 11, pax: 2 }, NOW);
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
      expect(confirmed.hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await book(guest(2, { time: '19:30', zone: 'sala', pax: 8 }))).outcome).toBe('accept');

      const [mail] = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'guest1@example.com'));
      expect(mail.template).toBe('reservationConfirm');
      expect(mail.subject).toBe('Your table at Trattoria Da Rosa is confirmed: Friday, December 4, 2026, 19:00');
      expect(mail.bodyText).toContain(`/en/reserve/${confirmed.hash}/edit`);
      expect(mail.attachments).toHaveLength(1);
      const ics = Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');
      expect(ics).toContain('DTSTART:20261204T180000Z'); // 19:00 in Florence, winter time
      expect(ics).toContain(`UID:${confirmed.hash}@localhost`);
      const [venueMail] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, 'reservationVenue'), eq(schema.outbox.recipient, 'prenotazioni@trattoriadarosa.example')));
      expect(venueMail.subject).toMatch(/^Nuova prenotazione confermata: 2026-12-04 19:00, [0-9]+ coperti$/);
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
      const date = '2026-12-05';
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
      try {
        const { findVenueByKey } = await import('@/server/venues/queries');
        const fresh = (await findVenueByKey(db, 'localhost'))!;
        const service = await import('@/server/booking/service');
        const { reservationSchema } = await import('@/lib/forms/reservation');
        const result = await service.createReservation(db, fresh, reservationSchema.parse(guest(400, { time: '21:00' })), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, NOW);
        expect(result).toEqual({ outcome: 'soldOut' });
        expect(await db.$count(schema.reservations, eq(schema.reservations.email, 'guest400@example.com'))).toBe(0);
      } finally {
        await db.update(schema.venues).set({ booking: rules }).where(eq(schema.venues.id, venue.id));
      }
    });

    it('holds seats for the guest who picked a time, until released or expired', async () => {
      const { db, venue, service, book } = await ctx();
      const date = '2026-12-06';
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
      const { addDays } = await import('@/server/booking/availability');
      const { service, venue } = await ctx();
      let date = '';
      let slot: Awaited<ReturnType<typeof service.getDay>>['slots'][number] | undefined;
      for (let i = 9; !slot && i < 20; i++) {
        date = addDays(NOW.toISOString().slice(0, 10), i);
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
      const month = await dispatch('experience/getesperienzemonth', 'localhost', new URLSearchParams({ year: '2027', month: '1', pax: '2' }));
      const days = (month.body.data as { date: string; esperienze: string[] }[]);
      const jan11 = days.find((d) => d.date === '2027-01-11');
      const jan12 = days.find((d) => d.date === '2027-01-12');
      expect(jan11?.esperienze.length).toBe((jan12?.esperienze.length ?? 0) + 1); // the wine evening runs on the 11th only
      expect(days.some((d) => d.date === '2027-01-01')).toBe(false); // closed
      const day = await dispatch('experience/getesperienzeday', 'localhost', new URLSearchParams({ day: '2027-01-11', pax: '2' }));
      const list = day.body.data as { hash: string; titolo: { en: string } }[];
      expect(list.map((e) => e.titolo.en)).toContain('Tuscan wine tasting');
      const bad = await dispatch('experience/getesperienzeday', 'localhost', new URLSearchParams({ day: 'soon', pax: '2' }));
      expect(bad.httpStatus).toBe(400);
    });

    it('reads time from the server clock alone: the contract calls, holds and the sweep follow it, not the database', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const { sweepStale } = await import('@/server/housekeeping');
      const clock = await pinTestClock(new Date('2030-06-12T08:00:00Z'));
      try {
        // Wednesday 12 June 2030: the days before it are past, by the pinned clock (the database's says 20xx).
        const june = await dispatch('reservation/getmonth', 'localhost', new URLSearchParams({ year: '2030', month: '6', pax: '2' }));
        const state = (date: string) => (june.body.data as { date: string; state: string }[]).find((d) => d.date === date)?.state;
        expect([state('2030-06-11'), state('2030-06-12'), state('2030-06-14')]).toEqual(['past', 'available', 'available']);
        // A hold lives for the venue's minutes by that clock: counted now, not after it runs out.
        const { db, venue, service } = await ctx();
        const hold = await service.holdSlot(db, venue, { date: '2030-06-14', time: '20:00', pax: 3, zone: 'sala' });
        if (!('token' in hold)) throw new Error('no hold');
        expect(hold.expiresAt.getTime()).toBe(clock.now().getTime() + 8 * 60_000);
        const covers = async (at: Date) => (await service.usageBetween(db, venue.id, '2030-06-14', '2030-06-14', at)).get('2030-06-14')?.shift.get('cena') ?? 0;
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
      const base = { ...guest(600), date: '2027-01-08', privacy: '1', recaptchaV3Token: 'local.v3.pass.testtoken' };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, date: '2020-01-10' }, 'pastDate', 'date'],
        [{ ...base, date: '2027-02-30' }, 'invalid', 'date'],
        [{ ...base, date: '2026-12-25' }, 'closedDay', 'date'],
        [{ ...base, date: '2027-01-18' }, 'closedDay', 'date'],
        [{ ...base, date: '2027-01-11' }, 'onlyExperiences', 'date'],
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
        const day = await dispatch(call, 'localhost', new URLSearchParams({ day: '2027-02-30', pax: '2' }));
        expect([day.httpStatus, day.body.fieldErrors]).toEqual([400, { day: 'dateInvalid' }]);
      }
      const month = await dispatch('reservation/getmonth', 'localhost', new URLSearchParams({ year: 'abc', month: '13', pax: '0' }));
      expect([month.httpStatus, month.body.fieldErrors]).toEqual([400, { year: 'invalid', month: 'invalid', pax: 'paxInvalid' }]);
      // A hold for another slot is tampered with.
      const { venue, service } = await ctx();
      const hold = await service.holdSlot(db, venue, { date: '2027-01-08', time: '19:00', pax: 2, zone: 'sala' });
      if (!('token' in hold)) throw new Error('no hold');
      const tampered = await dispatch('reservation/create', 'localhost', form({ ...base, time: '20:00', holdToken: hold.token }));
      expect([tampered.httpStatus, tampered.body.error]).toEqual([400, 'holdInvalid']);
      expect(await db.$count(schema.reservations)).toBe(before);
    });
  });
}
