import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay } from '../helpers/clock';
import { fakeStripe } from '../helpers/fake-stripe';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

// Every booking of this suite is on one Friday evening in Florence; parties of 5 or more carry the demo venue's card guarantee (€25 per guest).
const DAY = testDay(3);
const guest = (i: number, pax: number, time: string): ReservationInput => ({
  pax,
  date: DAY,
  time,
  zone: 'sala',
  nome: `Ospite${i}`,
  cognome: 'Undo',
  email: `undo${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
});
const form = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
type Booking = { version: number; attendance: string; noShowFrom: string; undoUntil: string; fee: null | { status: string; amountCents: number } };
type Answer = { httpStatus: number; body: { status: boolean; error?: string; data?: { result: string; booking: Booking } } };

/**
 * Issue 41, point 1: no no-show before the booking's start plus the venue's grace (`tooEarly`),
 * the last attendance mark undone within 10 minutes (an undone no-show's fee refunded once), and
 * no cancel for a seated guest; on the built-in backend, its contract calls and the sheet's /api.
 */
export function describeStaffUndo(driver: Driver) {
  describe(`no-show time guard and undo on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, noSmsCode: true });
    beforeAll(() => {
      delete process.env.STRIPE_SECRET_KEY;
    });
    afterEach(async () => (await import('@/server/clock')).pinClock(TEST_NOW));

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = await import('@/server/booking/service');
      const payments = await import('@/server/payments');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const { instantOf } = await import('@/server/booking/time');
      const clock = await import('@/server/clock');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      /** A booking made at TEST_NOW; with a card (parties of 5 or more), a local test card saved as the wizard does. */
      const book = async (i: number, pax: number, time: string, card = '4242424242424242') => {
        let guarantee = {};
        if (pax >= 5) {
          const setup = await payments.startCardSetup(db, venue, { amountCents: 2500 * pax, currency: venue.currency, email: 'x@example.com', description: 'test', metadata: {} });
          const confirmed = await payments.localPayments().confirm(setup.reference, setup.clientSecret, { number: card });
          await payments.applyPaymentEvent(db, payments.localPayments().parseWebhook(confirmed!.event.body, confirmed!.event.signature));
          guarantee = { guaranteeReference: setup.reference, cancellationPolicy: true };
        }
        const made = await service.createReservation(db, venue, reservationSchema.parse({ ...guest(i, pax, time), ...guarantee }), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
        const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!));
        expect(row.status).toBe('confirmed');
        return row;
      };
      /** The venue's wall-clock time that evening, moved by `seconds`. */
      const evening = (time: string, seconds = 0) => new Date(instantOf(venue.timezone, DAY, time).getTime() + seconds * 1000);
      /** A staff call at that moment of the evening. */
      const call = async (action: string, hash: string, version: number, at: Date) => {
        clock.pinClock(at);
        return (await (await import('@/server/backend/dispatch')).dispatch(`staff/${action}`, 'localhost', form({ hash, version }))) as Answer;
      };
      const charges = async (reservationId: number) => db.select().from(schema.noshowCharges).where(eq(schema.noshowCharges.reservationId, reservationId));
      const mails = async (to: string, template: string) => (await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, to))).filter((m) => m.template === template);
      return { db, venue, schema, clock, book, evening, call, charges, mails };
    };

    it('refuses a no-show before the booking\'s start plus the venue\'s grace (409 tooEarly), in the venue\'s time zone, on the contract and on the sheet\'s /api', async () => {
      const { book, evening, call, db, venue, schema, clock } = await ctx();
      const r = await book(1, 2, '20:00');
      // Default grace: 15 minutes after 20:00 in Florence.
      const early = await call('noshow', r.hash, r.revision, evening('20:14', 59));
      expect(early).toMatchObject({ httpStatus: 409, body: { status: false, error: 'tooEarly', data: { booking: { attendance: '', version: r.revision, noShowFrom: evening('20:15').toISOString() } } } });
      // The sheet says from when, and the time it answered at (the device's clock is not asked).
      const sheet = (await (await import('@/server/backend/dispatch')).dispatch('staff/day', 'localhost', form({ date: DAY }))) as { body: { data: { now: string; shifts: { bookings: { hash: string; noShowFrom: string; undoUntil: string }[] }[] } } };
      expect(sheet.body.data.now).toBe(evening('20:14', 59).toISOString());
      expect(sheet.body.data.shifts.flatMap((s) => s.bookings).find((b) => b.hash === r.hash)).toMatchObject({ noShowFrom: evening('20:15').toISOString(), undoUntil: '' });
      expect(await call('noshow', r.hash, r.revision, evening('20:15'))).toMatchObject({ httpStatus: 200, body: { data: { result: 'done', booking: { attendance: 'noshow' } } } });

      // The venue's own grace, set in its file (booking.noShowGraceMinutes) and imported, read at the call.
      const [row] = await db.select().from(schema.venues).where(eq(schema.venues.id, venue.id));
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { importVenue, parseVenueFile } = await import('@/server/venues/import');
      const file = JSON.parse((await import('node:fs')).readFileSync(DEMO_VENUE_FILE, 'utf8'));
      await importVenue(db, parseVenueFile({ ...file, booking: { ...file.booking, noShowGraceMinutes: 40 } }));
      await db.update(schema.venues).set({ booking: { ...(await db.select().from(schema.venues).where(eq(schema.venues.id, venue.id)))[0].booking!, smsConfirmation: { mode: 'never', covers: 0 } } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      try {
        const later = await book(2, 2, '20:30');
        const { findVenueByKey } = await import('@/server/venues/queries');
        expect((await call('noshow', later.hash, later.revision, evening('21:09'))).body.error).toBe('tooEarly');

        // The sheet's own call: a signed-in device gets 409 `tooEarly` too.
        clock.pinClock(evening('21:09'));
        const staff = await import('@/server/staff/http');
        const { rotateVenueCredential } = await import('@/server/staff/credentials');
        const token = (await rotateVenueCredential(db, 'localhost')).token;
        const post = (path: string, body: unknown, cookie = '') =>
          new NextRequest(`http://localhost:3000${path}`, { method: 'POST', headers: { host: 'localhost:3000', 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.41', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
        const cookie = (await staff.handleStaffSignIn(post('/api/staff/session', { token }))).headers.get('set-cookie')!.split(';')[0];
        const refused = await staff.handleStaffAnswer(post('/api/staff/answer', { hash: later.hash, action: 'noshow', version: later.revision }, cookie));
        expect(refused.status).toBe(409);
        expect(await refused.json()).toEqual({ error: 'tooEarly' });
        expect((await findVenueByKey(db, 'localhost'))!.booking).toMatchObject({ noShowGraceMinutes: 40 });
        clock.pinClock(evening('21:10'));
        const marked = await staff.handleStaffAnswer(post('/api/staff/answer', { hash: later.hash, action: 'noshow', version: later.revision }, cookie));
        expect(marked.status).toBe(200);
        // Undone from the sheet too.
        const undone = await staff.handleStaffAnswer(post('/api/staff/answer', { hash: later.hash, action: 'undo', version: later.revision + 1 }, cookie));
        expect(undone.status).toBe(200);
        expect(await undone.json()).toMatchObject({ result: 'done', booking: { attendance: '' } });
      } finally {
        await db.update(schema.venues).set({ booking: row.booking }).where(eq(schema.venues.id, venue.id));
        forgetVenueContexts();
      }
    });

    it('undoes "Arrived" within 10 minutes, back to the state before, once; refuses after 10 minutes (409 undoExpired); never cancels a seated guest', async () => {
      const { book, evening, call } = await ctx();
      const r = await book(3, 2, '19:30');
      const arrived = await call('arrived', r.hash, r.revision, evening('19:40'));
      expect(arrived.body.data).toMatchObject({ result: 'done', booking: { attendance: 'arrived', undoUntil: evening('19:50').toISOString() } });
      const v = arrived.body.data!.booking.version;
      // A seated guest is not cancelled.
      expect(await call('cancel', r.hash, v, evening('19:41'))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed', booking: { attendance: 'arrived', status: 'confirmed' } } } });
      const undone = await call('undo', r.hash, v, evening('19:50'));
      expect(undone).toMatchObject({ httpStatus: 200, body: { data: { result: 'done', booking: { attendance: '', undoUntil: '', status: 'confirmed' } } } });
      // Nothing left to undo.
      expect(await call('undo', r.hash, v + 1, evening('19:50', 1))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed' } } });
      // Marked again; 10 minutes and a second later the mark stands.
      const again = await call('arrived', r.hash, v + 1, evening('19:51'));
      expect(await call('undo', r.hash, again.body.data!.booking.version, evening('20:01', 1))).toMatchObject({ httpStatus: 409, body: { status: false, error: 'undoExpired', data: { booking: { attendance: 'arrived' } } } });

      // A no-show who turns up late is marked arrived; undoing that goes back to the no-show, one step only.
      const late = await book(4, 2, '19:00');
      const missing = await call('noshow', late.hash, late.revision, evening('19:20'));
      const came = await call('arrived', late.hash, missing.body.data!.booking.version, evening('19:35'));
      const back = await call('undo', late.hash, came.body.data!.booking.version, evening('19:36'));
      expect(back.body.data).toMatchObject({ result: 'done', booking: { attendance: 'noshow', undoUntil: '' } });
      expect(await call('undo', late.hash, back.body.data!.booking.version, evening('19:37'))).toMatchObject({ httpStatus: 409, body: { data: { result: 'notAllowed', booking: { attendance: 'noshow' } } } });
    });

    it('undoing a no-show refunds its fee in full, once, however many taps race; a fee still awaiting the guest\'s bank cannot be undone yet', async () => {
      const { book, evening, call, charges, mails, db, schema } = await ctx();
      const r = await book(5, 5, '21:00');
      await db.update(schema.reservations).set({ guaranteeProvider: 'stripe', guaranteePaymentMethod: 'pm_card_visa' }).where(eq(schema.reservations.id, r.id));
      await db.update(schema.cardSetups).set({ provider: 'stripe', customer: 'cus_undo' }).where(eq(schema.cardSetups.reference, r.guaranteeReference!));
      const stripe = await fakeStripe();
      Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_undo', STRIPE_API_BASE: stripe.url });
      try {
        const marked = await call('noshow', r.hash, r.revision, evening('21:20'));
        expect(marked.body.data?.booking.fee).toMatchObject({ status: 'succeeded', amountCents: 12500 });
        const [charge] = await charges(r.id);
        // Ten devices tap "Undo" at once: one undoes, one refund is made, the guest is told once.
        const { pinClock } = await import('@/server/clock');
        pinClock(evening('21:25'));
        const dispatch = (await import('@/server/backend/dispatch')).dispatch;
        const taps = (await Promise.all(Array.from({ length: 10 }, () => dispatch('staff/undo', 'localhost', form({ hash: r.hash, version: marked.body.data!.booking.version }))))) as Answer[];
        expect(taps.filter((t) => t.body.data?.result === 'done')).toHaveLength(1);
        expect(taps.filter((t) => t.httpStatus === 409)).toHaveLength(9);
        const done = taps.find((t) => t.body.data?.result === 'done')!.body.data!.booking;
        expect(done).toMatchObject({ attendance: '', fee: { status: 'refunded', amountCents: 12500 } });
        expect(stripe.refunds.filter((x) => x.payment_intent === charge.reference)).toHaveLength(1);
        expect((await charges(r.id))[0]).toMatchObject({ status: 'refunded' });
        expect(await mails(r.email, 'noshowFeeRefunded')).toHaveLength(1);
        // Marked a no-show again, the guest is not charged a second time.
        await call('noshow', r.hash, done.version, evening('21:30'));
        expect(await charges(r.id)).toHaveLength(1);
        expect(stripe.seen.filter((s) => s.method === 'POST' && s.url === '/v1/payment_intents')).toHaveLength(1);
      } finally {
        for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
        await stripe.close();
      }

      // The bank asks the guest: the fee is on its way, so the undo waits (409 feePending); nothing is refunded.
      const held = await book(6, 5, '21:30', '4000002760003184');
      const asked = await call('noshow', held.hash, held.revision, evening('21:45'));
      expect(asked.body.data?.booking.fee).toMatchObject({ status: 'requires_action' });
      expect(await call('undo', held.hash, asked.body.data!.booking.version, evening('21:46'))).toMatchObject({ httpStatus: 409, body: { status: false, error: 'feePending', data: { booking: { attendance: 'noshow' } } } });
      expect((await charges(held.id))[0].status).toBe('requires_action');
    });
  });
}
