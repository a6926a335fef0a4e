import { and, desc, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay, testMoment } from '../helpers/clock';
import type { ReservationInput } from '@/lib/forms/reservation';
import { LIMITS } from '@/server/limits/config';
import { forgetVenueContexts } from '@/server/venues/context';

// A Tuesday morning in Florence (tests/helpers/clock.ts); every day below is counted from it.
const NOW = TEST_NOW;
const SATURDAY = testDay(4);
const LATER = testMoment;

const guest = (i: number, choice: Partial<ReservationInput> = {}): ReservationInput => ({
  pax: 2,
  date: SATURDAY,
  time: '20:00',
  zone: 'sala',
  nome: `Ospite${i}`,
  cognome: 'Verdi',
  email: `trust${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
  ...choice,
});

/**
 * Issue 5 on the built-in backend: card guarantee (local provider), SMS-code confirmation,
 * bot check through the contract, edits and cancellations, with the demo venue's rules
 * (guarantee for 5 or more at dinner, 48 hours free cancellation, €25 per guest; SMS above 5).
 */
export function describeTrust(driver: Driver) {
  describe(`reservations you can trust on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    beforeAll(async () => {
      delete process.env.STRIPE_SECRET_KEY;
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = { ...(await import('@/server/booking/service')), ...(await import('@/server/booking/holds')) };
      const changes = await import('@/server/booking/changes');
      const sms = await import('@/server/booking/sms');
      const payments = await import('@/server/payments');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const context = { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' as const };
      const book = (input: ReservationInput, now = NOW, bot: 'pass' | 'unsure' = 'pass') => service.createReservation(db, venue, reservationSchema.parse(input), { ...context, botVerdict: bot }, now);
      /** A card saved with the local provider, as the browser's card form does. */
      const savedCard = async (number = '4242424242424242') => {
        const setup = await payments.startCardSetup(db, venue, { amountCents: 12500, currency: venue.currency, email: 'x@example.com', description: 'test', metadata: {} });
        const confirmed = await payments.localPayments().confirm(setup.reference, setup.clientSecret, { number });
        await payments.applyPaymentEvent(db, payments.localPayments().parseWebhook(confirmed!.event.body, confirmed!.event.signature));
        return setup.reference;
      };
      const lastCode = async (to = '+393471234567') => {
        const [row] = await db.select().from(schema.outbox).where(and(eq(schema.outbox.channel, 'sms'), eq(schema.outbox.recipient, to))).orderBy(desc(schema.outbox.id)).limit(1);
        return /\b(\d{6})\b/.exec(row.bodyText)![1];
      };
      const row = async (hash: string) => (await db.select().from(schema.reservations).where(eq(schema.reservations.hash, hash)))[0];
      /** Covers counted against a shift (bookings, holds, suspended bookings awaiting their code). */
      const covers = async (date: string, shift: string) => (await service.usageBetween(db, venue.id, date, date, NOW)).get(date)?.shift.get(shift) ?? 0;
      return { db, venue, service, changes, sms, payments, schema, book, savedCard, lastCode, row, covers, reservationSchema };
    };

    test('a party of 5 at dinner needs a saved card and the accepted policy; the card is verified with the provider', async () => {
      const { book, savedCard, row, payments, db, venue } = await ctx();
      await expect(book(guest(1, { pax: 5 }))).rejects.toMatchObject({ code: 'guaranteeRequired' });
      const declined = await savedCard('4000000000000002');
      await expect(book(guest(2, { pax: 5, guaranteeReference: declined, cancellationPolicy: true }))).rejects.toMatchObject({ code: 'paymentFailed' });
      await expect(book(guest(3, { pax: 5, guaranteeReference: 'lseti_000000000000000000000000', cancellationPolicy: true }))).rejects.toMatchObject({ code: 'paymentNotFound' });
      const card = await savedCard();
      await expect(book(guest(4, { pax: 5, guaranteeReference: card }))).rejects.toMatchObject({ code: 'cancellationPolicyRequired' });
      const booked = await book(guest(5, { pax: 5, guaranteeReference: card, cancellationPolicy: true }));
      expect(booked.outcome).toBe('confirm');
      const stored = await row(booked.hash!);
      expect(stored.guaranteeProvider).toBe('local');
      expect(stored.guaranteePaymentMethod).toMatch(/^lpm_/);
      // The terms as accepted, with the policy's text the guest read (issue 24).
      expect(stored.guaranteeTerms).toEqual({ refundable: 'until', hoursBefore: 48, feeCents: 2500, per: 'guest', currency: venue.currency, text: expect.stringMatching(/^Cancellation policy: refundable until 2 days before .*No-show fee: €\s?25 per guest \(€\s?125 for this reservation\)\.$/) });
      // One card setup guarantees one booking.
      await expect(book(guest(6, { pax: 5, guaranteeReference: card, cancellationPolicy: true }))).rejects.toMatchObject({ code: 'paymentNotFound' });
      // Also when two bookings race with one card: one is stored, the other refused.
      const raced = await savedCard();
      const results = await Promise.allSettled([0, 1].map((i) => book(guest(60 + i, { pax: 5, time: '22:00', guaranteeReference: raced, cancellationPolicy: true }))));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { code: 'paymentNotFound' } });
      // The local provider's signed webhook reached the mirror; a replay is not applied twice.
      const [mirror] = await db.select().from((await import('@/server/db/schema')).cardSetups).where(eq((await import('@/server/db/schema')).cardSetups.reference, card));
      expect(mirror.webhookAt).not.toBeNull();
      const event = { id: 'evt_replayed', type: 'setup_intent.succeeded', created: 1, setup: null };
      expect(await payments.applyPaymentEvent(db, event)).toBe('ignored');
      expect(await payments.applyPaymentEvent(db, event)).toBe('duplicate');
      // A crash between recording an event and applying it (issue 21): the record goes with the
      // failed transaction, so the provider's redelivery applies the event instead of skipping it.
      const crashing = new Proxy(db, {
        get: (target, key) =>
          key === 'transaction'
            ? (work: (tx: unknown) => Promise<unknown>) =>
                target.transaction((tx) => work(new Proxy(tx, { get: (t, k) => (k === 'update' ? () => { throw new Error('crashed while applying'); } : Reflect.get(t, k)) })))
            : Reflect.get(target, key),
      });
      const redelivered = { id: 'evt_crashed', type: 'setup_intent.succeeded', created: 2, setup: { reference: card, status: 'succeeded', paymentMethod: mirror.paymentMethod, lastError: null, metadata: {} } } as const;
      await expect(payments.applyPaymentEvent(crashing, redelivered)).rejects.toThrow('crashed while applying');
      expect(await payments.applyPaymentEvent(db, redelivered)).toBe('applied');
      expect(await payments.applyPaymentEvent(db, redelivered)).toBe('duplicate');
      void venue;
    });

    test('a party of 6 is suspended until the SMS code; wrong codes count down, the right one confirms', async () => {
      const { book, savedCard, lastCode, sms, db, venue, row, covers, schema } = await ctx();
      const before = await covers(SATURDAY, 'cena');
      const booked = await book(guest(7, { pax: 6, time: '21:00', telefono: '3470000007', guaranteeReference: await savedCard(), cancellationPolicy: true }));
      expect(booked.outcome).toBe('suspended');
      expect((await row(booked.hash!)).status).toBe('suspended');
      // The seats are held while the code is awaited.
      expect(await covers(SATURDAY, 'cena')).toBe(before + 6);
      const code = await lastCode('+393470000007');
      const wrong = code === '000000' ? '111111' : '000000';
      expect(await sms.verifyCode(db, venue, { hash: booked.hash!, code: wrong, ip: '10.0.0.1', host: 'localhost' }, LATER(1))).toEqual({ error: 'codeWrong', attemptsLeft: 4 });
      expect(await sms.verifyCode(db, venue, { hash: booked.hash!, code, ip: '10.0.0.1', host: 'localhost' }, LATER(2))).toEqual({ outcome: 'confirm' });
      expect((await row(booked.hash!)).status).toBe('confirmed');
      const mails = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'trust7@example.com')).orderBy(schema.outbox.id);
      expect(mails.map((m) => m.template)).toEqual(['reservationConfirm']);
    });

    test('five wrong codes end the booking suspendedError and free the seats; so does an expired code', async () => {
      const { book, lastCode, sms, db, venue, row, covers } = await ctx();
      const lunch = { time: '13:00', zone: 'sala', pax: 7 };
      const a = await book(guest(8, { ...lunch, telefono: '3470000008' }));
      expect(a.outcome).toBe('suspended');
      const code = await lastCode('+393470000008');
      const wrong = code === '000000' ? '111111' : '000000';
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await sms.verifyCode(db, venue, { hash: a.hash!, code: wrong, ip: '10.0.0.2', host: 'localhost' }, LATER(1)));
      expect(answers.slice(0, 4).map((x) => ('attemptsLeft' in x ? x.attemptsLeft : null))).toEqual([4, 3, 2, 1]);
      expect(answers[4]).toEqual({ outcome: 'suspendedError' });
      expect((await row(a.hash!)).status).toBe('failed');
      expect(await covers(SATURDAY, 'pranzo')).toBe(0);
      // Even the right code no longer helps.
      expect(await sms.verifyCode(db, venue, { hash: a.hash!, code, ip: '10.0.0.2', host: 'localhost' }, LATER(2))).toEqual({ outcome: 'suspendedError' });

      const b = await book(guest(9, { ...lunch, telefono: '3470000009' }));
      const codeB = await lastCode('+393470000009');
      expect(await sms.verifyCode(db, venue, { hash: b.hash!, code: codeB, ip: '10.0.0.3', host: 'localhost' }, LATER(11))).toEqual({ outcome: 'suspendedError' });
    });

    test('resending is rate-limited, and code checks are limited per IP address', async () => {
      const { book, sms, db, venue } = await ctx();
      const r = await book(guest(10, { time: '13:30', pax: 7, telefono: '3470000010' }));
      expect(await sms.resendCode(db, venue, r.hash!, LATER(0.5))).toEqual({ error: 'resendTooSoon' });
      expect(await sms.resendCode(db, venue, r.hash!, LATER(1.5))).toHaveProperty('expiresAt');
      expect(await sms.resendCode(db, venue, r.hash!, LATER(3))).toHaveProperty('expiresAt');
      expect(await sms.resendCode(db, venue, r.hash!, LATER(5))).toEqual({ error: 'resendLimit' });
      const results = [];
      for (let i = 0; i < LIMITS.smsCodeAddress.count + 1; i++) results.push(await sms.verifyCode(db, venue, { hash: 'AAAAAAAAAAAAAAAAAAAAAA', code: '123456', ip: '10.9.9.9', host: 'localhost' }, LATER(6)));
      expect(results.at(-2)).toEqual({ error: 'notFound' });
      expect(results.at(-1)).toEqual({ error: 'tooManyAttempts' });
    });

    test('the bot check over the contract: fail is refused, unsure asks for the v2 challenge, v2 passes', async () => {
      const { dispatch } = await import('@/server/backend/dispatch');
      const form = (extra: Record<string, string>) =>
        new URLSearchParams({ pax: '2', date: SATURDAY, time: '19:00', zone: 'sala', nome: 'Bot', cognome: 'Check', email: 'bot@example.com', prefisso: '+39', telefono: '3471234567', privacy: '1', ...extra });
      const failed = await dispatch('reservation/create', 'localhost', form({ recaptchaV3Token: 'local.v3.fail.abcdefgh12' }));
      expect(failed).toEqual({ httpStatus: 403, body: { status: false, error: 'botcheckFailed' } });
      const missing = await dispatch('reservation/create', 'localhost', form({}));
      expect(missing.body.error).toBe('botcheckFailed');
      const unsure = await dispatch('reservation/create', 'localhost', form({ recaptchaV3Token: 'local.v3.unsure.abcdefgh12', tokenVersion: 'v3' }));
      expect(unsure).toEqual({ httpStatus: 409, body: { status: false, error: 'botcheckUnsure' } });
      const v2fail = await dispatch('reservation/create', 'localhost', form({ recaptchaV2Token: 'local.v2.fail.abcdefgh12', tokenVersion: 'v2' }));
      expect(v2fail.body.error).toBe('botcheckFailed');
      const passed = await dispatch('reservation/create', 'localhost', form({ recaptchaV3Token: 'local.v3.unsure.abcdefgh12', recaptchaV2Token: 'local.v2.pass.abcdefgh12', tokenVersion: 'v2' }));
      expect(passed.body).toMatchObject({ status: true, data: { outcome: 'confirm' } });
    });

    test('a venue that confirms unsure submits by SMS suspends them instead of showing the challenge', async () => {
      const { service, db, venue } = await ctx();
      const rules = { ...(await service.loadBookingVenue(db, venue)).rules, smsConfirmation: { mode: 'botUnsure' as const, covers: 0 } };
      expect(service.needsSmsCode(rules, 2, 'unsure')).toBe(true);
      expect(service.needsSmsCode(rules, 2, 'pass')).toBe(false);
      expect(service.needsSmsCode({ ...rules, smsConfirmation: { mode: 'aboveCovers', covers: 5 } }, 6, 'pass')).toBe(true);
      expect(service.needsSmsCode({ ...rules, smsConfirmation: { mode: 'aboveCovers', covers: 5 } }, 5, 'pass')).toBe(false);
      expect(service.needsSmsCode({ ...rules, smsConfirmation: { mode: 'never', covers: 0 } }, 12, 'unsure')).toBe(false);
    });

    test('edits: to a free slot (old seats freed), to a full slot, to a slot that needs a guarantee', async () => {
      const { book, changes, db, venue, row, reservationSchema, schema } = await ctx();
      const booked = await book(guest(11, { time: '19:30', pax: 2 }));
      const edit = (choice: Partial<ReservationInput>) => changes.editReservation(db, venue, booked.hash!, reservationSchema.parse(guest(11, choice)), { host: 'localhost' }, NOW);
      expect(await edit({ time: '22:00', pax: 3 })).toEqual({ outcome: 'changed', status: 'confirmed' });
      const moved = await row(booked.hash!);
      expect([moved.time, moved.covers, moved.revision]).toEqual(['22:00', 3, 1]);
      const mails = await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, 'trust11@example.com')).orderBy(schema.outbox.id);
      expect(mails.map((m) => m.template)).toEqual(['reservationConfirm', 'reservationChanged']);
      expect(Buffer.from(mails[1].attachments[0].content, 'base64').toString()).toContain('SEQUENCE:1');
      // Fill 19:00 in the terrace to its last seats, then try to move there.
      for (let i = 0; i < 4; i++) await book(guest(20 + i, { time: '19:00', zone: 'sala', pax: 4 }));
      expect(await edit({ time: '19:00', zone: 'sala', pax: 3 })).toEqual({ outcome: 'reserveEditWaitingListError' });
      expect(await edit({ time: '20:30', pax: 5 })).toEqual({ outcome: 'reserveEditCcError' });
      expect((await row(booked.hash!)).time).toBe('22:00');
      expect(await changes.editReservation(db, venue, 'not-a-hash', reservationSchema.parse(guest(11)), { host: 'localhost' }, NOW)).toEqual({ outcome: 'notFound' });
    });

    test('an edit into a full slot at a venue without a waiting list is refused as sold out, and the booking stays', async () => {
      const { book, changes, db, venue, row, reservationSchema, schema } = await ctx();
      const thursday = testDay(9);
      const booked = await book(guest(40, { date: thursday, time: '22:00', pax: 2 }));
      for (let i = 0; i < 4; i++) await book(guest(41 + i, { date: thursday, time: '19:00', pax: 4 }));
      const rules = venue.booking!;
      await db.update(schema.venues).set({ booking: { ...rules, waitingList: false } }).where(eq(schema.venues.id, venue.id));
      forgetVenueContexts();
      try {
        const { findVenueByKey } = await import('@/server/venues/queries');
        const fresh = (await findVenueByKey(db, 'localhost'))!;
        const result = await changes.editReservation(db, fresh, booked.hash!, reservationSchema.parse(guest(40, { date: thursday, time: '19:00' })), { host: 'localhost' }, NOW);
        expect(result).toEqual({ outcome: 'reserveEditSoldOutError' });
        expect([(await row(booked.hash!)).time, (await row(booked.hash!)).revision]).toEqual(['22:00', 0]);
      } finally {
        await db.update(schema.venues).set({ booking: rules }).where(eq(schema.venues.id, venue.id));
        forgetVenueContexts();
      }
    });

    test('cancel: free inside the limit, the fee past it; the seats return at once', async () => {
      const { book, savedCard, changes, db, venue, row, lastCode, sms, covers } = await ctx();
      const coversBefore = await covers(SATURDAY, 'cena');
      const free = await book(guest(30, { pax: 5, time: '22:00', guaranteeReference: await savedCard(), cancellationPolicy: true }));
      expect(await changes.cancelReservation(db, venue, free.hash!, { host: 'localhost' }, NOW)).toEqual({ outcome: 'cancelled', feeCents: 0 });
      expect((await row(free.hash!)).status).toBe('cancelled');
      expect(await covers(SATURDAY, 'cena')).toBe(coversBefore);
      const late = await book(guest(31, { pax: 6, time: '21:30', telefono: '3470000031', guaranteeReference: await savedCard(), cancellationPolicy: true }));
      await sms.verifyCode(db, venue, { hash: late.hash!, code: await lastCode('+393470000031'), ip: '10.0.0.4', host: 'localhost' }, NOW);
      // Saturday 21:30 is inside 48 hours from Thursday night: the fee is 6 × €25.
      const thursday = testMoment((2 * 24 + 13) * 60); // Thursday 22:00 UTC, under 48 hours before Saturday's dinner
      const view = await changes.reservationView(db, venue, late.hash!, thursday);
      expect(view?.cancellation).toMatchObject({ free: false, feeCents: 15000 });
      expect(await changes.cancelReservation(db, venue, late.hash!, { host: 'localhost' }, thursday)).toEqual({ outcome: 'cancelled', feeCents: 15000 });
      expect((await row(late.hash!)).cancellationFeeCents).toBe(15000);
      expect(await changes.reservationView(db, venue, '../../etc', NOW)).toBeNull();
    });

    test('POST /api/payments/webhook: valid is applied, replayed is acknowledged once, tampered and unsigned are 400', async () => {
      const { startCardSetup } = await import('@/server/payments');
      const { signLocalEvent } = await import('@/server/payments/local');
      const { handlePaymentWebhook } = await import('@/server/payments/http');
      const { cardSetups } = await import('@/server/db/schema');
      const { db, venue } = await ctx();
      const setup = await startCardSetup(db, venue, { amountCents: 100, currency: '€', email: '', description: 'x', metadata: {} });
      const event = signLocalEvent({ id: 'evt_http_1', type: 'setup_intent.succeeded', created: Math.floor(Date.now() / 1000), data: { object: { id: setup.reference, status: 'succeeded', payment_method: 'lpm_http', metadata: {} } } });
      const post = (body: string, signature?: string) =>
        handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body, headers: signature ? { 'stripe-signature': signature } : {} }));
      const first = await post(event.body, event.signature);
      expect([first.status, await first.json()]).toEqual([200, { received: true, result: 'applied' }]);
      const [row] = await db.select().from(cardSetups).where(eq(cardSetups.reference, setup.reference));
      expect([row.status, row.paymentMethod]).toEqual(['succeeded', 'lpm_http']);
      const replay = await post(event.body, event.signature);
      expect(await replay.json()).toEqual({ received: true, result: 'duplicate' });
      expect((await post(event.body.replace('lpm_http', 'lpm_evil'), event.signature)).status).toBe(400);
      expect((await post(event.body)).status).toBe(400);
    });

    test('edits racing new bookings for the last seats of a slot never seat more than it holds', async () => {
      const { book, changes, db, venue, reservationSchema, schema, covers } = await ctx();
      const date = testDay(11); // Saturday
      // 19:00 takes 16 covers: 12 are booked, then 4 guests booked at 22:00 try to move there while 6 new parties of 2 book it.
      for (let i = 0; i < 3; i++) await book(guest(70 + i, { date, time: '19:00', pax: 4 }));
      const movers = [];
      for (let i = 0; i < 4; i++) movers.push(await book(guest(80 + i, { date, time: '22:00', pax: 2 })));
      const results = await Promise.allSettled([
        ...movers.map((m, i) => changes.editReservation(db, venue, m.hash!, reservationSchema.parse(guest(80 + i, { date, time: '19:00' })), { host: 'localhost' }, NOW)),
        ...Array.from({ length: 6 }, (_, i) => book(guest(90 + i, { date, time: '19:00', pax: 2 }))),
      ]);
      expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
      const rows = await db.select().from(schema.reservations).where(eq(schema.reservations.date, date));
      const at19 = rows.filter((r) => r.time === '19:00' && ['confirmed', 'pending'].includes(r.status)).reduce((n, r) => n + r.covers, 0);
      expect(at19).toBe(16);
      // Every mover is either moved or still at 22:00 with its seats; none is lost.
      for (const m of movers) {
        const r = rows.find((x) => x.hash === m.hash)!;
        expect([['19:00', 'confirmed'], ['22:00', 'confirmed']]).toContainEqual([r.time, r.status]);
      }
      expect(await covers(date, 'cena')).toBe(rows.filter((r) => ['confirmed', 'pending'].includes(r.status)).reduce((n, r) => n + r.covers, 0));
    });

    // Last: the sweep looks at the whole database.
    test('the sweep ends suspended bookings whose code expired, and deletes expired holds and old rate-limit counters', async () => {
      const { book, row, sms, db, venue, service, schema, covers } = await ctx();
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      const { hitRateLimit } = await import('@/server/limits/ratelimit');
      const date = testDay(10); // Friday
      const suspended = await book(guest(50, { date, time: '13:00', pax: 7, telefono: '3470000050' }));
      expect(suspended.outcome).toBe('suspended');
      const hold = await service.holdSlot(db, venue, { date, time: '13:30', pax: 2, zone: 'sala' }, NOW);
      if (!('token' in hold)) throw new Error('no hold');
      await hitRateLimit(db, 'sms-code:10.50.0.1', 30, 3_600_000, new Date(NOW.getTime() - 2 * 24 * 3_600_000));
      await hitRateLimit(db, 'sms-code:10.50.0.2', 30, 3_600_000, NOW);

      // Five minutes on, nothing is stale yet.
      await sweepStale(db, LATER(5));
      expect((await row(suspended.hash!)).status).toBe('suspended');
      expect(await db.$count(schema.slotHolds, eq(schema.slotHolds.token, hold.token))).toBe(1);

      const swept = await sweepStale(db, LATER(11));
      expect(swept.suspendedEnded).toBeGreaterThanOrEqual(1);
      expect((await row(suspended.hash!)).status).toBe('failed');
      expect(await db.$count(schema.smsChallenges, eq(schema.smsChallenges.reservationId, (await row(suspended.hash!)).id))).toBe(0);
      expect(await db.$count(schema.slotHolds, eq(schema.slotHolds.token, hold.token))).toBe(0);
      expect(await db.$count(schema.rateLimits, eq(schema.rateLimits.key, 'sms-code:10.50.0.1'))).toBe(0);
      expect(await db.$count(schema.rateLimits, eq(schema.rateLimits.key, 'sms-code:10.50.0.2'))).toBe(1);
      expect(await covers(date, 'pranzo')).toBe(0);
      // The guest who comes back with the code is told the booking ended.
      expect(await sms.verifyCode(db, venue, { hash: suspended.hash!, code: '123456', ip: '10.50.0.3', host: 'localhost' }, LATER(12))).toEqual({ outcome: 'suspendedError' });
    });
  });
}
