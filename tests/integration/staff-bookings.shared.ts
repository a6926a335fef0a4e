import { and, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { testDay, TEST_NOW } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';

/** A moment of a day in Florence (the demo venue's time zone). */
const florence = async (date: string, time: string) => (await import('@/server/booking/time')).instantOf('Europe/Rome', date, time);
const TODAY = testDay(0); // a Tuesday: lunch and dinner open
const DAY = testDay(3); // a Friday
const CLOSED = testDay(6); // a Monday

const guestBooking = (i: number, pax: number, time: string, zone: string, date = TODAY): ReservationInput => ({
  pax,
  date,
  time,
  zone,
  nome: `Ospite${i}`,
  cognome: 'Verdi',
  email: `staffbook-guest${i}@example.com`,
  prefisso: '+39',
  telefono: `3471239${String(i).padStart(3, '0')}`,
  note: '',
  privacy: true,
  marketing: false,
});
const phoneGuest = (over: Partial<{ firstName: string; lastName: string; phonePrefix: string; phone: string; email: string; notes: string; locale: string; marketing: boolean }> = {}) => ({
  firstName: 'Giulia',
  lastName: 'Bianchi',
  phonePrefix: '+39',
  phone: '3471234590',
  email: '',
  notes: '',
  locale: 'it',
  marketing: false,
  ...over,
});

/**
 * Issue 44: bookings made and changed by staff (server/staff/bookings.ts) — walk-ins, bookings
 * taken on the phone, changes of party, time, zone and day — with the guests' capacity rules held
 * under the evening's lock, an override past them explicit and recorded; and a hammer of guests
 * and staff booking one evening at once.
 */
export function describeStaffBookings(driver: Driver) {
  describe(`staff bookings on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { venueContext } = await import('@/server/venues/context');
      const staff = await import('@/server/staff/bookings');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await venueContext(db, 'localhost'))!;
      const row = async (hash: string) => (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, hash)))[0];
      return { db, venue, staff, schema, row };
    };

    it('takes a booking on the phone: no notice, no card, no SMS code, past the guests\' largest party; consents recorded as taken by staff', async () => {
      const { db, venue, staff, schema, row } = await ctx();
      // Ten minutes before dinner, a party of 14 (guests book at most 12, 60 minutes ahead, a card from 5 at dinner).
      const now = await florence(TODAY, '18:50');
      const booked = await staff.staffPhoneBooking(db, venue, { date: TODAY, time: '19:00', pax: 14, zone: 'sala', guest: phoneGuest({ email: 'giulia.phone@example.com', notes: 'High chair' }), override: false }, now);
      if (!booked.status) throw new Error(JSON.stringify(booked));
      expect(booked.data).toMatchObject({ result: 'booked', override: '', booking: { status: 'confirmed', covers: 14, time: '19:00', source: 'phone', name: 'Giulia Bianchi', attendance: '', notes: 'High chair' } });
      const r = await row(booked.data.booking.hash);
      expect(r).toMatchObject({ source: 'phone', status: 'confirmed', answeredBy: 'staff', capacityOverride: null, guaranteeTerms: null, botVerdict: null });
      const consents = await db.select().from(schema.consentRecords).where(and(eq(schema.consentRecords.subjectType, 'reservation'), eq(schema.consentRecords.subjectId, r.id)));
      expect(new Set(consents.map((c) => c.form))).toEqual(new Set(['reservation/staff']));
      // The guest's confirmation (staff took an e-mail); the venue is not told of its own booking.
      const mails = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'giulia.phone@example.com'));
      expect(mails).toHaveLength(1);
      // A day closed, a time not offered, the day before, no party: refused as bad input.
      const refusal = async (over: Partial<{ date: string; time: string; pax: number; zone: string }>) => {
        const answer = await staff.staffPhoneBooking(db, venue, { date: DAY, time: '20:00', pax: 2, zone: 'sala', guest: phoneGuest(), override: false, ...over }, now);
        return answer.status ? 'booked' : `${answer.httpStatus} ${answer.error}`;
      };
      expect(await refusal({ date: CLOSED })).toBe('400 closedDay');
      expect(await refusal({ time: '17:00' })).toBe('400 timeNotOffered');
      expect(await refusal({ date: testDay(-1) })).toBe('400 pastDate');
      expect(await refusal({ pax: 0 })).toBe('400 invalid');
      expect(await refusal({ zone: 'cantina' })).toBe('400 zoneNotOffered');
    });

    it('seats a walk-in now, in the shift open now, on its slot; refuses one when no shift is open', async () => {
      const { db, venue, staff, row } = await ctx();
      const walkIn = (at: Date, pax = 2, guest = {}) => staff.staffWalkIn(db, venue, { pax, guest, override: false }, at);
      const early = await walkIn(await florence(TODAY, '18:40'));
      if (!early.status) throw new Error(JSON.stringify(early));
      // Before the first slot: the first; the name optional; seated at once.
      expect(early.data.booking).toMatchObject({ time: '19:00', shift: 'cena', name: '', phone: '', status: 'confirmed', attendance: 'arrived', source: 'walkin', date: TODAY, zone: 'sala' });
      const later = await walkIn(await florence(TODAY, '20:47'), 3, { firstName: 'Luca', phonePrefix: '+39', phone: '3471234591' });
      if (!later.status) throw new Error(JSON.stringify(later));
      expect(later.data.booking).toMatchObject({ time: '20:30', name: 'Luca', attendance: 'arrived' });
      expect((await row(later.data.booking.hash)).source).toBe('walkin');
      // After the last seating (22:00), the last slot.
      const late = await walkIn(await florence(TODAY, '22:40'));
      expect(late.status && late.data.booking.time).toBe('22:00');
      expect(await walkIn(await florence(TODAY, '16:00'))).toMatchObject({ status: false, httpStatus: 409, error: 'noShiftNow' });
    });

    it('refuses past capacity unless staff override it, and records the override on the booking', async () => {
      const { db, venue, staff, row } = await ctx();
      const now = TEST_NOW;
      const date = testDay(4); // a Saturday
      // The terrace holds 24; the 20:00 slot 16.
      const sixteen = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 16, zone: 'terrazza', guest: phoneGuest(), override: false }, now);
      expect(sixteen.status).toBe(true);
      const over = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 2, zone: 'terrazza', guest: phoneGuest(), override: false }, now);
      expect(over).toMatchObject({ status: false, httpStatus: 409, error: 'full', fieldErrors: { override: 'slotFull' } });
      const overridden = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 2, zone: 'terrazza', guest: phoneGuest(), override: true }, now);
      if (!overridden.status) throw new Error(JSON.stringify(overridden));
      expect(overridden.data).toMatchObject({ override: 'slotFull', booking: { override: 'slotFull' } });
      expect((await row(overridden.data.booking.hash)).capacityOverride).toEqual({ condition: 'slotFull', at: now.toISOString(), covers: 2 });
      // A guest finds the slot full on the terrace: the override was staff's, not the guests'.
      const { getDay } = await import('@/server/booking/service');
      const day = await getDay(db, venue, { date, pax: 2 }, now);
      expect(day.slots.find((s) => s.time === '20:00')!.zones.find((z) => z.key === 'terrazza')).toMatchObject({ available: false, condition: 'slotFull' });
    });

    it('changes a booking\'s party, time, zone and day on the version staff saw; its own seats do not count against it', async () => {
      const { db, venue, staff, row, schema } = await ctx();
      const now = TEST_NOW;
      const date = testDay(8); // a Wednesday
      const { createReservation } = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      await createReservation(db, venue, reservationSchema.parse(guestBooking(101, 4, '20:00', 'sala', date)), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, now);
      const [guestRow] = await db.select().from(schema.reservations).where(eq(schema.reservations.email, 'staffbook-guest101@example.com'));
      // 4 → 16 at 20:00: the slot holds 16, its own 4 not counted twice.
      const bigger = await staff.staffChange(db, venue, { hash: guestRow.hash, version: guestRow.revision, pax: 16, override: false }, now);
      if (!bigger.status) throw new Error(JSON.stringify(bigger));
      expect(bigger.data).toMatchObject({ result: 'changed', override: '', booking: { covers: 16, time: '20:00', version: guestRow.revision + 1 } });
      // On the version before: refused, nothing changed.
      expect(await staff.staffChange(db, venue, { hash: guestRow.hash, version: guestRow.revision, pax: 2, override: false }, now)).toMatchObject({ status: false, httpStatus: 409, error: 'changed' });
      // Time, zone and day at once; the guest hears of it.
      const moved = await staff.staffChange(db, venue, { hash: guestRow.hash, version: guestRow.revision + 1, pax: 5, time: '21:00', zone: 'terrazza', date: DAY, override: false }, now);
      if (!moved.status) throw new Error(JSON.stringify(moved));
      expect(moved.data.booking).toMatchObject({ covers: 5, time: '21:00', zone: 'terrazza', date: DAY, source: 'web' });
      expect(await row(guestRow.hash)).toMatchObject({ covers: 5, date: DAY, zoneKey: 'terrazza', shiftKey: 'cena' });
      const news = await db.select().from(schema.outbox).where(and(eq(schema.outbox.recipient, 'staffbook-guest101@example.com'), eq(schema.outbox.template, 'reservationChanged')));
      expect(news.length).toBeGreaterThanOrEqual(1);
      // Past the terrace's 24: refused, then overridden and recorded; a change that fits again clears it.
      const v = moved.data.booking.version;
      expect(await staff.staffChange(db, venue, { hash: guestRow.hash, version: v, pax: 30, time: '19:00', override: false }, now)).toMatchObject({ status: false, error: 'full' });
      const forced = await staff.staffChange(db, venue, { hash: guestRow.hash, version: v, pax: 30, time: '19:00', override: true }, now);
      expect(forced.status && forced.data.override).toBeTruthy();
      expect((await row(guestRow.hash)).capacityOverride).toMatchObject({ covers: 30 });
      const back = await staff.staffChange(db, venue, { hash: guestRow.hash, version: v + 1, pax: 4, override: false }, now);
      expect(back.status && back.data.override).toBe('');
      expect((await row(guestRow.hash)).capacityOverride).toBeNull();
      expect(await staff.staffChange(db, venue, { hash: 'A'.repeat(26), version: 0, pax: 2, override: false }, now)).toMatchObject({ status: false, httpStatus: 404 });
    });

    it('a party grown by staff gets the guests\' card-guarantee rules for its new size: waived without a card, the accepted terms kept with one, recorded', async () => {
      const { db, venue, staff, schema, row } = await ctx();
      const { forgetVenueContexts, venueContext } = await import('@/server/venues/context');
      const [demo] = await db.select().from(schema.venues).where(eq(schema.venues.id, venue.id));
      // The demo venue's rule: a card at dinner from 5 covers, 25 € per guest, free until 48 hours before.
      const rule = { when: [{ shifts: ['cena'], minCovers: 5 }], cancellation: { refundable: 'until' as const, hoursBefore: 48 }, fee: { amount: 25, per: 'guest' as const } };
      await db.update(schema.venues).set({ booking: { ...demo.booking!, guarantee: rule } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      try {
        const guarded = (await venueContext(db, 'localhost'))!;
        const now = TEST_NOW;
        const date = testDay(10); // a Friday
        const asked = { refundable: 'until', hoursBefore: 48, feeCents: 2500, per: 'guest', currency: guarded.currency };
        const booked = await staff.staffPhoneBooking(db, guarded, { date, time: '20:00', pax: 4, zone: 'sala', guest: phoneGuest(), override: false }, now);
        if (!booked.status) throw new Error(JSON.stringify(booked));
        const { hash } = booked.data.booking;
        // Four to six at dinner: the rules ask a card now; staff take none on the phone, and that is recorded.
        const grown = await staff.staffChange(db, guarded, { hash, version: 0, pax: 6, override: false }, now);
        expect(grown).toMatchObject({ status: true, data: { result: 'changed', guarantee: 'waived', booking: { covers: 6, guarantee: null, guaranteeWaived: now.toISOString() } } });
        expect((await row(hash)).staffGuarantee).toEqual({ decision: 'waived', at: now.toISOString(), covers: 6, asked });
        // The day's sheet carries the waiver (its badge and its fact, components/staff/booking-card.tsx).
        const { serviceSheet } = await import('@/server/staff/sheet');
        const onSheet = async () => (await serviceSheet(db, guarded, date)).shifts.flatMap((s) => s.bookings).find((b) => b.hash === hash)!;
        expect((await onSheet()).guaranteeWaived).toBe(now.toISOString());
        // Back to three: no card asked, the waiver cleared.
        const shrunk = await staff.staffChange(db, guarded, { hash, version: 1, pax: 3, override: false }, now);
        expect(shrunk).toMatchObject({ status: true, data: { guarantee: '', booking: { guaranteeWaived: '' } } });
        expect((await row(hash)).staffGuarantee).toBeNull();
        expect((await onSheet()).guaranteeWaived).toBe('');
        // A booking holding a card: the terms its guest accepted stay (25 € per guest, now for 8), recorded as kept.
        const accepted = { refundable: 'until' as const, hoursBefore: 48, feeCents: 2500, per: 'guest' as const, currency: guarded.currency, text: 'Free until 48 hours before; then 25 € per person.' };
        await db.update(schema.reservations).set({ guaranteeProvider: 'local', guaranteeReference: `staff-grow-${hash}`, guaranteePaymentMethod: 'pm_local_4242', guaranteeTerms: accepted }).where(eq(schema.reservations.hash, hash));
        const carded = await staff.staffChange(db, guarded, { hash, version: 2, pax: 8, override: false }, now);
        expect(carded).toMatchObject({ status: true, data: { guarantee: 'kept', booking: { covers: 8, guarantee: { feeCents: 2500, per: 'guest', policy: accepted.text } } } });
        expect(await row(hash)).toMatchObject({ guaranteeTerms: accepted, staffGuarantee: { decision: 'kept', covers: 8, asked } });
        const { totalFeeCents } = await import('@/server/booking/guarantee');
        expect(totalFeeCents((await row(hash)).guaranteeTerms!, (await row(hash)).covers)).toBe(8 * 2500);
        // Moved to lunch, where the rules ask no card: the card and its terms stay, the rules' answer recorded.
        const lunch = await staff.staffChange(db, guarded, { hash, version: 3, time: '13:00', override: false }, now);
        expect(lunch).toMatchObject({ status: true, data: { guarantee: 'kept' } });
        expect((await row(hash)).staffGuarantee).toMatchObject({ decision: 'kept', covers: 8, asked: null });
      } finally {
        await db.update(schema.venues).set({ booking: demo.booking }).where(eq(schema.venues.id, venue.id));
        forgetVenueContexts();
      }
    });

    it('marks a seated party finished, undone like arrived; the tally counts it apart and its covers stay the shift\'s', async () => {
      const { db, venue, staff } = await ctx();
      const { answerBooking, serviceSheet } = await import('@/server/staff/sheet');
      const { undoAttendance } = await import('@/server/staff/undo');
      const date = testDay(9); // a Thursday
      const at = await florence(date, '20:10');
      const booked = await staff.staffPhoneBooking(db, venue, { date, time: '20:00', pax: 4, zone: 'sala', guest: phoneGuest(), override: false }, TEST_NOW);
      if (!booked.status) throw new Error(JSON.stringify(booked));
      const walked = await staff.staffWalkIn(db, venue, { pax: 3, guest: {}, override: false }, at);
      if (!walked.status) throw new Error(JSON.stringify(walked));
      const answer = (hash: string, action: 'arrived' | 'finished', version: number, when = at) => answerBooking(db, venue, { hash, action, version, by: 'staff', host: 'localhost' }, when);
      const hash = booked.data.booking.hash;
      // Not seated yet: not finished.
      expect(await answer(hash, 'finished', 0)).toMatchObject({ result: 'notAllowed' });
      expect(await answer(hash, 'arrived', 0)).toMatchObject({ result: 'done', booking: { attendance: 'arrived' } });
      const tally = async () => (await serviceSheet(db, venue, date)).shifts.find((s) => s.key === 'cena')!.tally;
      expect(await tally()).toEqual({ expected: 0, seated: 7, finished: 0, noShow: 0, coversLeft: 60 - 7 });
      const finished = await answer(hash, 'finished', 1);
      expect(finished).toMatchObject({ result: 'done', booking: { attendance: 'finished', version: 2 } });
      expect(await tally()).toEqual({ expected: 0, seated: 3, finished: 4, noShow: 0, coversLeft: 60 - 7 });
      // Finished is not arrived again, nor cancelled.
      expect(await answer(hash, 'arrived', 2)).toMatchObject({ result: 'notAllowed' });
      expect(await answerBooking(db, venue, { hash, action: 'cancel', version: 2, by: 'staff', host: 'localhost' }, at)).toMatchObject({ result: 'notAllowed' });
      // Undone within 10 minutes: back to seated.
      const undone = await undoAttendance(db, venue, { hash, version: 2 }, new Date(at.getTime() + 5 * 60_000));
      expect(undone).toMatchObject({ result: 'done', booking: { attendance: 'arrived', version: 3 } });
      expect(await tally()).toMatchObject({ seated: 7, finished: 0 });
      // The walk-in finished, then undone too late.
      expect(await answer(walked.data.booking.hash, 'finished', 0)).toMatchObject({ result: 'done' });
      expect(await undoAttendance(db, venue, { hash: walked.data.booking.hash, version: 1 }, new Date(at.getTime() + 11 * 60_000))).toMatchObject({ result: 'undoExpired' });
    });

    it('hammer: 20 guests and 7 walk-ins booking one evening at once never pass its capacity, but by the overrides recorded', async () => {
      const { db, venue, staff, schema } = await ctx();
      const { createReservation } = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const date = testDay(7); // the next Tuesday
      const now = await florence(date, '18:45');
      const times = ['20:00', '20:30', '21:00', '21:30', '22:00'];
      const guests = Array.from({ length: 20 }, (_, i) =>
        createReservation(db, venue, reservationSchema.parse(guestBooking(200 + i, 4, times[i % times.length], i % 2 ? 'terrazza' : 'sala', date)), { locale: 'it', partner: false, host: 'localhost', botVerdict: 'pass' }, now)
          .then((r) => r.outcome)
          .catch((e: Error) => `error ${e.message}`),
      );
      // Five walk-ins of 3 without override, two of 4 that staff force past whatever is full.
      const walkIns = Array.from({ length: 7 }, (_, i) =>
        staff.staffWalkIn(db, venue, { pax: i < 5 ? 3 : 4, guest: { firstName: `Walk${i}` }, override: i >= 5 }, now).then((r) => (r.status ? 'booked' : r.error)),
      );
      const outcomes = await Promise.all([...guests, ...walkIns]);
      expect(outcomes.filter((o) => String(o).startsWith('error'))).toEqual([]);
      const rows = await db
        .select()
        .from(schema.reservations)
        .where(and(eq(schema.reservations.venueId, venue.id), eq(schema.reservations.date, date), eq(schema.reservations.shiftKey, 'cena'), inArray(schema.reservations.status, ['confirmed', 'pending'])));
      const sum = (list: typeof rows) => list.reduce((n, r) => n + r.covers, 0);
      const forced = rows.filter((r) => r.capacityOverride);
      const held = rows.filter((r) => !r.capacityOverride);
      // The evening was asked for 80 + 23 covers; it seats 60 (its slots 16, the terrace 24, the room 40), past that only by overrides.
      expect(sum(rows)).toBeGreaterThan(50);
      expect(sum(held)).toBeLessThanOrEqual(60);
      for (const time of ['19:00', ...times]) expect(sum(held.filter((r) => r.time === time))).toBeLessThanOrEqual(16);
      expect(sum(held.filter((r) => r.zoneKey === 'terrazza'))).toBeLessThanOrEqual(24);
      expect(sum(held.filter((r) => r.zoneKey === 'sala'))).toBeLessThanOrEqual(40);
      // Every booking past capacity is a walk-in staff forced, its rule and covers on record.
      for (const r of forced) expect(r).toMatchObject({ source: 'walkin', capacityOverride: { covers: r.covers } });
      expect(sum(rows)).toBeLessThanOrEqual(60 + sum(forced));
      // Each party either got its seats or was told so: no booking stored for a refusal.
      const walkedIn = rows.filter((r) => r.source === 'walkin');
      expect(walkedIn).toHaveLength(outcomes.slice(20).filter((o) => o === 'booked').length);
      expect(outcomes.slice(20, 25).filter((o) => o === 'booked').length + outcomes.slice(20, 25).filter((o) => o === 'full').length).toBe(5);
      expect(outcomes.slice(25)).toEqual(['booked', 'booked']);
    });
  });
}
