import { eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { DEMO_DAYS, pinTestClock, testDay, testMoment } from '../helpers/clock';
import { post } from '../helpers/handler-answers';
import { localToken } from '@/lib/botcheck/local';

const FRIDAY = testDay(3);
const form = (values: Record<string, unknown>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
const key = (n: number) => `retry-key-${String(n).padStart(8, '0')}-abcdef`;

/**
 * Issue 41, point 16: a booking, an experience booking and a gift card order retried with the
 * same idempotency key (after a lost answer, or 10 at once) are made once and answered with the
 * first answer; the same key with other input is refused 409; the key lives 24 hours; the
 * site's own routes pass the browser's key on. docs/backend-contract.md, "Idempotency".
 */
export function describeIdempotency(driver: Driver) {
  describe(`idempotency keys on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, plainBooking: true });

    const setup = async () => {
      const { getDb } = await import('@/server/db/client');
      const { dispatch } = await import('@/server/backend/dispatch');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const call = (name: string, values: Record<string, unknown>, venue = 'localhost') => dispatch(name, venue, form(values));
      return { db, schema, call };
    };
    let serial = 0;
    const table = (extra: Record<string, unknown> = {}) => {
      const n = ++serial;
      return { pax: 2, date: FRIDAY, time: '20:00', zone: 'sala', nome: `Ripeti${n}`, cognome: 'Rossi', email: `retry${n}@example.com`, prefisso: '+39', telefono: '3471234567', privacy: 1, language: 'en', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3', ...extra };
    };

    it('reservation/create: a retry with the key answers the first booking and books nothing more; other input under the key is refused', async () => {
      const { db, schema, call } = await setup();
      const input = table({ idempotencyKey: key(1) });
      const first = await call('reservation/create', input);
      expect(first).toMatchObject({ httpStatus: 200, body: { status: true, data: { outcome: 'confirm' } } });
      const hash = (first.body.data as { hash: string }).hash;
      // The retry carries a new bot token and comes from another address: still the same submit.
      const retry = await call('reservation/create', { ...input, recaptchaV3Token: localToken('v3', 'pass'), remoteIp: '198.51.100.9' });
      expect(retry).toEqual(first);
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, input.email))).toBe(1);
      expect(await db.$count(schema.outbox, eq(schema.outbox.recipient, input.email))).toBe(1);
      // The same key with another party is no retry.
      expect(await call('reservation/create', { ...input, pax: 3 })).toMatchObject({ httpStatus: 409, body: { status: false, error: 'idempotencyKeyReused' } });
      // Without a key every submit is a booking of its own (the contract as before); a malformed key is a 400.
      expect(await call('reservation/create', table({ idempotencyKey: 'short' }))).toMatchObject({ httpStatus: 400, body: { fieldErrors: { idempotencyKey: 'invalid' } } });
      const plain = table();
      await call('reservation/create', plain);
      await call('reservation/create', plain);
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, plain.email))).toBe(2);
      expect(hash).toMatch(/^[2-9A-HJKMNP-Z]{26}$/);
    });

    it('reservation/create: 10 concurrent retries make one booking and all get its answer', async () => {
      const { db, schema, call } = await setup();
      const input = table({ idempotencyKey: key(2), time: '20:30' });
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('reservation/create', { ...input, recaptchaV3Token: localToken('v3', 'pass') })));
      expect(answers.map((a) => a.httpStatus)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((a) => (a.body.data as { hash: string }).hash)).size).toBe(1);
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, input.email))).toBe(1);
      expect(await db.$count(schema.outbox, eq(schema.outbox.recipient, input.email))).toBe(1);
      expect(await db.$count(schema.idempotencyKeys, eq(schema.idempotencyKeys.key, key(2)))).toBe(1);
    });

    it('a key lives 24 hours: after that the same key is a new submit', async () => {
      const { db, schema, call } = await setup();
      const input = table({ idempotencyKey: key(3), time: '21:00', date: testDay(10) });
      const first = await call('reservation/create', input);
      await pinTestClock(testMoment(23 * 60));
      expect(await call('reservation/create', input)).toEqual(first);
      await pinTestClock(testMoment(24 * 60 + 1));
      try {
        const later = await call('reservation/create', input);
        expect(later.httpStatus).toBe(200);
        expect((later.body.data as { hash: string }).hash).not.toBe((first.body.data as { hash: string }).hash);
        expect(await db.$count(schema.reservations, eq(schema.reservations.email, input.email))).toBe(2);
        // The housekeeping sweep deletes keys past their 24 hours.
        const { pruneIdempotencyKeys } = await import('@/server/backend/idempotency');
        expect(await db.$count(schema.idempotencyKeys, eq(schema.idempotencyKeys.key, key(3)))).toBe(1);
        await pruneIdempotencyKeys(db, testMoment(48 * 60 + 2));
        expect(await db.$count(schema.idempotencyKeys, eq(schema.idempotencyKeys.key, key(3)))).toBe(0);
      } finally {
        await pinTestClock();
      }
    });

    it('experience/createexperiencereserve: concurrent retries with one card make one booking; other input under the key is refused', async () => {
      const { db, schema, call } = await setup();
      const [cena] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'cena-degustazione'));
      const started = await call('experience/startpayment', { experienceId: cena.id, day: FRIDAY, time: '20:00', pax: 2, zone: 'terrazza' });
      const guarantee = (started.body.data as { guarantee: { reference: string; clientSecret: string } }).guarantee;
      await call('payment/confirmlocal', { reference: guarantee.reference, clientSecret: guarantee.clientSecret, cardNumber: '4242424242424242' });
      const payload = { experienceId: cena.id, day: FRIDAY, time: '20:00', pax: 2, zone: 'terrazza', nome: 'Eva', cognome: 'Ripeti', email: 'eva.retry@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, guaranteeReference: guarantee.reference, cancellationPolicy: true, language: 'en' };
      const send = (p: Record<string, unknown>, k = key(4)) => call('experience/createexperiencereserve', { idempotencyKey: k, payload: JSON.stringify({ ...p, remoteIp: `203.0.113.${Math.floor(Math.random() * 200)}` }), recaptchaV3Token: localToken('v3', 'pass'), recaptchaV2Token: '', tokenVersion: 'v3' });
      const answers = await Promise.all(Array.from({ length: 10 }, () => send(payload)));
      expect(answers.map((a) => a.httpStatus)).toEqual(Array(10).fill(200));
      for (const a of answers) expect(a.body.data).toEqual(answers[0].body.data);
      expect(await db.$count(schema.experienceBookings, eq(schema.experienceBookings.email, 'eva.retry@example.com'))).toBe(1);
      expect(await send({ ...payload, pax: 3 })).toMatchObject({ httpStatus: 409, body: { error: 'idempotencyKeyReused' } });
      // Without the key, the second submit with the same card is refused as before: the card serves one booking.
      expect(await send(payload, key(5))).toMatchObject({ body: { status: false, error: 'paymentNotFound' } });
    });

    it('giftcard/checkout: retries open one order and answer its payment page; other input under the key is refused', async () => {
      const { db, schema, call } = await setup();
      const buyer = { id: 'buono-50', quantity: 1, firstName: 'Gina', lastName: 'Ripeti', email: 'gina.retry@example.com', recipient: 'me', paymentMethod: 'card', privacy: 1, marketing: 0, language: 'en', siteBase: 'http://localhost:3000/en', idempotencyKey: key(6) };
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => call('giftcard/checkout', { ...buyer, remoteIp: `203.0.113.${i + 1}` })));
      expect(answers.map((a) => a.httpStatus)).toEqual(Array(10).fill(200));
      const fingerprints = new Set(answers.map((a) => (a.body.data as { fingerprint: string }).fingerprint));
      expect(fingerprints.size).toBe(1);
      expect(answers.every((a) => (a.body.data as { url: string }).url)).toBe(true);
      expect(await db.$count(schema.giftCardOrders, eq(schema.giftCardOrders.email, buyer.email))).toBe(1);
      expect(await call('giftcard/checkout', { ...buyer, quantity: 2 })).toMatchObject({ httpStatus: 409, body: { error: 'idempotencyKeyReused' } });
    });

    it('staff/phonebooking, staff/walkin, staff/change (issue 44): a retried submit books or changes once and answers the first; other input under the key is refused', async () => {
      const { db, schema, call } = await setup();
      const { instantOf } = await import('@/server/booking/time');
      const phoned = { date: testDay(9), time: '20:00', pax: 4, zone: 'sala', nome: 'Pietro', cognome: 'Ripeti', prefisso: '+39', telefono: '3471230011', email: 'pietro.retry@example.com' };
      // Ten resends of one phone booking at once: one booking, one e-mail, the same answer.
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('staff/phonebooking', { ...phoned, idempotencyKey: key(10) })));
      expect(answers.map((a) => a.httpStatus)).toEqual(Array(10).fill(200));
      for (const a of answers) expect(a.body).toEqual(answers[0].body);
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, phoned.email))).toBe(1);
      expect(await db.$count(schema.outbox, eq(schema.outbox.recipient, phoned.email))).toBe(1);
      expect(await call('staff/phonebooking', { ...phoned, pax: 5, idempotencyKey: key(10) })).toMatchObject({ httpStatus: 409, body: { error: 'idempotencyKeyReused' } });
      // A change resent after its answer was lost: the first answer, not "changed since".
      const { hash, version } = (answers[0].body.data as { booking: { hash: string; version: number } }).booking;
      const change = { hash, version, pax: 6, idempotencyKey: key(11) };
      const changed = await call('staff/change', change);
      expect(changed).toMatchObject({ httpStatus: 200, body: { data: { result: 'changed', booking: { covers: 6, version: version + 1 } } } });
      expect(await call('staff/change', change)).toEqual(changed);
      // Without a key, the resend is refused on the version it saw (the contract as before).
      expect(await call('staff/change', { ...change, idempotencyKey: '' })).toMatchObject({ httpStatus: 409, body: { error: 'changed' } });
      const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, hash));
      expect(row).toMatchObject({ covers: 6, revision: version + 1 });
      // A walk-in resent: seated once; the next walk-in of the same size (a new key) is a party of its own.
      await pinTestClock(instantOf('Europe/Rome', testDay(0), '20:10'));
      try {
        const walkIn = { pax: 3, nome: 'Ripeti', idempotencyKey: key(12) };
        const seated = await Promise.all([call('staff/walkin', walkIn), call('staff/walkin', walkIn), call('staff/walkin', walkIn)]);
        expect(seated.map((a) => a.httpStatus)).toEqual([200, 200, 200]);
        for (const a of seated) expect(a.body).toEqual(seated[0].body);
        await call('staff/walkin', { ...walkIn, idempotencyKey: key(13) });
        const walkIns = await db.select().from(schema.reservations).where(eq(schema.reservations.firstName, 'Ripeti'));
        expect(walkIns.map((r) => [r.source, r.covers])).toEqual([
          ['walkin', 3],
          ['walkin', 3],
        ]);
        expect(await call('staff/walkin', { ...walkIn, idempotencyKey: 'short' })).toMatchObject({ httpStatus: 400, body: { fieldErrors: { idempotencyKey: 'invalid' } } });
      } finally {
        await pinTestClock();
      }
    });

    it("the sheet's routes pass the form's key on: a resent staff booking books once", async () => {
      const { db, schema } = await setup();
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const staffHttp = await import('@/server/staff/http');
      const { token } = await rotateVenueCredential(db, 'localhost');
      const signIn = await staffHttp.handleStaffSignIn(post('/api/staff/session', { token }));
      const cookie = `frontpage-staff=${/=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1]}`;
      const body = { kind: 'phone', date: testDay(10), time: '20:30', pax: 2, zone: 'sala', nome: 'Olga', prefisso: '+39', telefono: '3471230012', email: 'olga.retry@example.com', idempotencyKey: key(14) };
      const first = await staffHttp.handleStaffBook(post('/api/staff/book', body, cookie));
      expect(first.status).toBe(200);
      const again = await staffHttp.handleStaffBook(post('/api/staff/book', body, cookie));
      expect(await again.json()).toEqual(await first.json());
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, body.email))).toBe(1);
      const reused = await staffHttp.handleStaffBook(post('/api/staff/book', { ...body, pax: 3 }, cookie));
      expect(reused.status).toBe(409);
    });

    it("the site's routes pass the browser's key on: a resent booking form books once", async () => {
      const { db, schema } = await setup();
      const booking = await import('@/server/booking/http');
      const experiences = await import('@/server/experiences/http');
      const giftcards = await import('@/server/giftcards/http');
      const body = { ...table({ time: '19:30' }), privacy: true, idempotencyKey: key(7) };
      const first = await (await booking.handleCreate(post('/api/reservation', body))).json();
      const second = await (await booking.handleCreate(post('/api/reservation', { ...body, recaptchaV3Token: localToken('v3', 'pass') }))).json();
      expect(second).toEqual(first);
      expect(await db.$count(schema.reservations, eq(schema.reservations.email, body.email))).toBe(1);

      const { idempotencyKeys } = schema;
      expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.key, key(7)))).toBe(1);

      const [vini] = await db.select().from(schema.experiences).where(eq(schema.experiences.key, 'vini-toscani'));
      const payload = { experienceId: vini.id, day: DEMO_DAYS.wineEvening, time: '18:00', pax: 2, zone: '', nome: 'Vera', cognome: 'Ripeti', email: 'vera.retry@example.com', prefisso: '+39', telefono: '3471234567', privacy: true, language: 'en' };
      const sent = async () => (await experiences.handleCreate(post('/api/experience', { payload, idempotencyKey: key(8), recaptchaV3Token: localToken('v3', 'pass') }))).json();
      const booked = await sent();
      expect(booked).toMatchObject({ data: { outcome: 'confirm' } });
      expect(await sent()).toEqual(booked);
      expect(await db.$count(schema.experienceBookings, eq(schema.experienceBookings.email, payload.email))).toBe(1);

      const buyer = { id: 'buono-50', quantity: '1', firstName: 'Rita', lastName: 'Ripeti', email: 'rita.retry@example.com', recipient: 'me', paymentMethod: 'card', privacy: '1', marketing: '0', language: 'en', idempotencyKey: key(9) };
      const order = await (await giftcards.handleGiftcardCheckout(post('/api/giftcard/checkout', buyer))).json();
      expect(await (await giftcards.handleGiftcardCheckout(post('/api/giftcard/checkout', buyer))).json()).toEqual(order);
      expect(await db.$count(schema.giftCardOrders, eq(schema.giftCardOrders.email, buyer.email))).toBe(1);
      expect(await db.$count(idempotencyKeys, eq(idempotencyKeys.key, key(9)))).toBe(1);
      // The same key with other input: the site's routes answer the contract's conflict (409), not a form error.
      const reused = await giftcards.handleGiftcardCheckout(post('/api/giftcard/checkout', { ...buyer, quantity: '2' }));
      expect(reused.status).toBe(409);
      expect(await reused.json()).toMatchObject({ error: 'idempotencyKeyReused' });
      const rebooked = await booking.handleCreate(post('/api/reservation', { ...body, pax: 3, recaptchaV3Token: localToken('v3', 'pass') }));
      expect(rebooked.status).toBe(409);
    });
  });
}
