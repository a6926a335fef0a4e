import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay } from '../helpers/clock';
import { fakeStripe } from '../helpers/fake-stripe';
import type { ReservationInput } from '@/lib/forms/reservation';
import { forgetVenueContexts } from '@/server/venues/context';

// The demo venue's guarantee: parties of 5 or more at dinner, €25 per guest, free cancellation until 48 hours before.
// Spread over two evenings and six times, so that every party of 5 finds its seats.
const DAY = testDay(4);
const dayOf = (i: number) => (i % 2 ? testDay(4) : testDay(5));
const timeOf = (i: number) => ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30'][i % 6];
// Staff answer on the evening after both (a no-show is refused before a booking's time plus the grace, issue 41).
const EVENING = new Date(TEST_NOW.getTime() + 6 * 24 * 3600_000);
/** The sweep's next pass once the first retry's backoff is over, well inside the key's window (server/payments/retry.ts). */
const AFTER = new Date(EVENING.getTime() + 5 * 60_000);
const guest = (i: number): ReservationInput => ({
  pax: 5,
  date: dayOf(i),
  time: timeOf(i),
  zone: 'sala',
  nome: `Ospite${i}`,
  cognome: 'Neri',
  email: `noshow${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
});
const form = (values: Record<string, string | number>) => new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)]));
type Answer = { httpStatus: number; body: { status: boolean; data?: { result: string; booking: { version: number; attendance: string; fee: null | { status: string; amountCents: number; error: string }; guarantee: { policy: string } | null } } } };

/** Issue 24: the no-show fee charged to the guarantee's card, once, on the built-in backend. */
export function describeNoShowFee(driver: Driver) {
  let inFlight = 0;
  describe(`the no-show fee on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true });
    beforeAll(async () => {
      delete process.env.STRIPE_SECRET_KEY;
      const { getDb } = await import('@/server/db/client');
      const db = await getDb();
      const { venues } = await import('@/server/db/schema');
      const [demo] = await db.select().from(venues).where(eq(venues.isDefault, true));
      await db.update(venues).set({ booking: { ...demo.booking!, smsConfirmation: { mode: 'never', covers: 0 } } }).where(eq(venues.id, demo.id));
      forgetVenueContexts();
    });

    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const service = await import('@/server/booking/service');
      const payments = await import('@/server/payments');
      const noshow = { ...(await import('@/server/payments/noshow')), ...(await import('@/server/payments/fee-link')) };
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const schema = await import('@/server/db/schema');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      /** A guaranteed booking made with a local test card, as the wizard does; `locale` is the guest's. */
      const book = async (i: number, card = '4242424242424242', locale = 'en') => {
        const setup = await payments.startCardSetup(db, venue, { amountCents: 12500, currency: venue.currency, email: 'x@example.com', description: 'test', metadata: {} });
        const confirmed = await payments.localPayments().confirm(setup.reference, setup.clientSecret, { number: card });
        await payments.applyPaymentEvent(db, payments.localPayments().parseWebhook(confirmed!.event.body, confirmed!.event.signature));
        const made = await service.createReservation(db, venue, reservationSchema.parse({ ...guest(i), guaranteeReference: setup.reference, cancellationPolicy: true }), { locale, partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
        const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!));
        expect(row).toMatchObject({ status: 'confirmed', guaranteeProvider: 'local' });
        return row;
      };
      // The clock goes back to TEST_NOW when the last of the calls running at once is done.
      const call = async (action: string, hash: string, version: number | string) => {
        const clock = await import('@/server/clock');
        clock.pinClock(EVENING);
        inFlight++;
        try {
          return (await (await import('@/server/backend/dispatch')).dispatch(`staff/${action}`, 'localhost', form({ hash, version }))) as Answer;
        } finally {
          if (--inFlight === 0) clock.pinClock(TEST_NOW);
        }
      };
      const charges = async (reservationId: number) => db.select().from(schema.noshowCharges).where(eq(schema.noshowCharges.reservationId, reservationId));
      const mails = async (to: string, template?: string) =>
        (await db.select().from(schema.outbox).where(eq(schema.outbox.recipient, to)).orderBy(schema.outbox.id)).filter((m) => !template || m.template === template);
      return { db, venue, schema, payments, noshow, book, call, charges, mails };
    };

    it('stores the policy the guest read with the booking, in their language', async () => {
      const { book } = await ctx();
      const r = await book(1, undefined, 'de');
      expect(r.guaranteeTerms).toMatchObject({ refundable: 'until', hoursBefore: 48, feeCents: 2500, per: 'guest' });
      expect(r.guaranteeTerms!.text).toMatch(/125/);
      expect(r.guaranteeTerms!.text).toMatch(/Gast|Person/);
    });

    it('charges the accepted fee once, however many clicks race, and sends the guest a receipt in their language', async () => {
      const { book, call, charges, mails } = await ctx();
      const r = await book(2, undefined, 'it');
      // Ten staff devices click "No-show" at once on the same version: one charge, one receipt.
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('noshow', r.hash, r.revision)));
      expect(answers.filter((a) => a.body.data?.result === 'done')).toHaveLength(1);
      expect(answers.filter((a) => a.body.data?.result === 'changed')).toHaveLength(9);
      const done = answers.find((a) => a.body.data?.result === 'done')!.body.data!;
      expect(done.booking.fee).toEqual({ status: 'succeeded', amountCents: 12500, currency: expect.any(String), error: '' });
      const [charge] = await charges(r.id);
      expect(charge).toMatchObject({ status: 'succeeded', amountCents: 12500, provider: 'local' });
      expect(charge.reference).toMatch(/^lnpi_/);
      // Clicks without a version (the contract allows none) find the fee claimed: still one charge.
      await Promise.all(Array.from({ length: 5 }, () => call('noshow', r.hash, done.booking.version)));
      expect(await charges(r.id)).toHaveLength(1);
      const receipts = await mails(r.email, 'noshowFeeReceipt');
      expect(receipts).toHaveLength(1);
      expect(receipts[0].subject).toContain('125');
      expect(receipts[0].bodyText).toMatch(/penale di mancata presentazione/);
      expect(receipts[0].bodyText).toContain(r.guaranteeTerms!.text!);
      // Charged by the local test provider: test money, marked so in the subject and first line (issue 41).
      expect(receipts[0].subject).toMatch(/^\[Prova – nessun valore\] /);
      expect(receipts[0].bodyText).toMatch(/^\[Prova – nessun valore\] Pagamento di prova/);
    });

    it('never charges a guest marked arrived, nor a booking cancelled in the free window', async () => {
      const { book, call, charges, db, venue } = await ctx();
      const arrived = await book(3);
      const a = await call('arrived', arrived.hash, arrived.revision);
      expect(a.body.data?.result).toBe('done');
      const late = await call('noshow', arrived.hash, a.body.data!.booking.version);
      expect(late.httpStatus).toBe(409);
      expect(late.body.data).toMatchObject({ result: 'notAllowed', booking: { attendance: 'arrived', fee: null } });
      expect(await charges(arrived.id)).toHaveLength(0);
      const cancelled = await book(4);
      const { cancelReservation } = await import('@/server/booking/changes');
      expect((await cancelReservation(db, venue, cancelled.hash, { host: 'localhost' }, TEST_NOW)).outcome).toBe('cancelled');
      const refused = await call('noshow', cancelled.hash, cancelled.revision + 1);
      expect(refused.body.data?.result).toBe('notAllowed');
      expect(await charges(cancelled.id)).toHaveLength(0);
    });

    it('shows a declined card on the sheet and sends no receipt', async () => {
      const { book, call, charges, mails } = await ctx();
      const r = await book(5, '4000000000000341');
      expect(r.date).toBe(DAY);
      const answer = await call('noshow', r.hash, r.revision);
      expect(answer.body.data?.booking.fee).toMatchObject({ status: 'failed', error: 'card_declined' });
      expect((await charges(r.id))[0].status).toBe('failed');
      expect(await mails(r.email, 'noshowFeeReceipt')).toHaveLength(0);
      const sheet = (await (await import('@/server/backend/dispatch')).dispatch('staff/day', 'localhost', form({ date: DAY }))) as { body: { data: { shifts: { bookings: { hash: string; fee: unknown }[] }[] } } };
      const shown = sheet.body.data.shifts.flatMap((s) => s.bookings).find((b) => b.hash === r.hash);
      expect(shown?.fee).toMatchObject({ status: 'failed', error: 'card_declined' });
    });

    it('asks the guest to authenticate when the bank wants it, and settles it once by the signed webhook', async () => {
      const { book, call, charges, mails, payments, noshow, venue } = await ctx();
      const r = await book(6, '4000002760003184', 'fr');
      const answer = await call('noshow', r.hash, r.revision);
      expect(answer.body.data?.booking.fee).toMatchObject({ status: 'requires_action' });
      const [charge] = await charges(r.id);
      const [mail] = await mails(r.email, 'noshowFeeAuthenticate');
      expect(mail.subject).toMatch(/^\[Test – sans valeur\] /);
      const link = new RegExp(`/fr/frontpage/fee/${charge.id}\\?s=([A-Za-z0-9_-]{32})`).exec(mail.bodyText);
      expect(link).not.toBeNull();
      expect(noshow.isSignedFeeLink(venue.id, charge.id, link![1])).toBe(true);
      expect(noshow.isSignedFeeLink(venue.id, charge.id + 1, link![1])).toBe(false);
      // A wrong client secret authenticates nothing.
      expect(await payments.localPayments().authenticateCharge(charge.reference!, 'lnpi_wrong', true)).toBeNull();
      const event = await payments.localPayments().authenticateCharge(charge.reference!, charge.clientSecret!, true);
      const parsed = payments.localPayments().parseWebhook(event!.body, event!.signature);
      expect(await payments.applyPaymentEvent(await (await import('@/server/db/client')).getDb(), parsed)).toBe('applied');
      expect(await payments.applyPaymentEvent(await (await import('@/server/db/client')).getDb(), parsed)).toBe('duplicate');
      expect((await charges(r.id))[0]).toMatchObject({ status: 'succeeded', clientSecret: null });
      expect(await mails(r.email, 'noshowFeeReceipt')).toHaveLength(1);
    });

    it('refunds a fee charged by mistake from the sheet, once', async () => {
      const { book, call, charges, mails } = await ctx();
      const r = await book(7, undefined, 'es');
      const charged = await call('noshow', r.hash, r.revision);
      const version = charged.body.data!.booking.version;
      const refunds = await Promise.all([0, 1, 2].map(() => call('refundfee', r.hash, version)));
      expect(refunds.filter((a) => a.body.data?.result === 'done')).toHaveLength(1);
      expect((await charges(r.id))[0]).toMatchObject({ status: 'refunded' });
      const [mail] = await mails(r.email, 'noshowFeeRefunded');
      expect(mail.subject).toContain('125');
      expect(mail.subject).toMatch(/^\[Prueba – sin valor\] /);
      // The guest turned up late after all: they can be marked arrived; nothing is charged again.
      expect((await call('arrived', r.hash, version)).body.data?.result).toBe('done');
      expect(await charges(r.id)).toHaveLength(1);
    });

    it('charges through the Stripe SDK off-session with one idempotency key per booking, retried by the sweep when Stripe is unreachable', async () => {
      const { book, call, charges, mails, db, schema, noshow } = await ctx();
      // Bookings guaranteed with Stripe: the SetupIntent's payment method, saved to a Customer.
      const asStripe = async (i: number, paymentMethod: string) => {
        const r = await book(i);
        await db.update(schema.reservations).set({ guaranteeProvider: 'stripe', guaranteePaymentMethod: paymentMethod }).where(eq(schema.reservations.id, r.id));
        await db.update(schema.cardSetups).set({ provider: 'stripe', customer: `cus_${i}` }).where(eq(schema.cardSetups.reference, r.guaranteeReference!));
        return r;
      };
      const paid = await asStripe(8, 'pm_card_visa');
      const declined = await asStripe(9, 'pm_card_chargeCustomerFail');
      const held = await asStripe(10, 'pm_card_authenticationRequired');
      const stripe = await fakeStripe();
      const secret = 'whsec_noshow';
      Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: secret, STRIPE_API_BASE: stripe.url });
      try {
        stripe.failures.next = 2; // the SDK's one retry fails too: Stripe is unreachable
        const first = await call('noshow', paid.hash, paid.revision);
        expect(first.body.data?.booking.fee).toMatchObject({ status: 'charging' });
        const [pending] = await charges(paid.id);
        expect(pending.attempts).toBe(1);
        // The sweep, once the backoff is over, charges it with the same key: one PaymentIntent.
        const swept = await noshow.sweepNoShowCharges(db, AFTER);
        expect(swept.noshowFeesSettled).toBe(1);
        expect(await noshow.sweepNoShowCharges(db, AFTER)).toMatchObject({ noshowFeesSettled: 0 });
        const [charge] = await charges(paid.id);
        expect(charge).toMatchObject({ status: 'succeeded', provider: 'stripe' });
        const creates = stripe.seen.filter((s) => s.method === 'POST' && s.url === '/v1/payment_intents');
        expect(new Set(creates.map((s) => s.headers['idempotency-key']))).toEqual(new Set([`noshow-${paid.venueId}-table-${paid.id}`]));
        const body = new URLSearchParams(creates.at(-1)!.body);
        expect(Object.fromEntries(body)).toMatchObject({ amount: '12500', currency: 'eur', customer: 'cus_8', payment_method: 'pm_card_visa', off_session: 'true', confirm: 'true', 'metadata[kind]': 'noshow' });
        expect(stripe.intents.get(charge.reference!)?.status).toBe('succeeded');
        expect(await mails(paid.email, 'noshowFeeReceipt')).toHaveLength(1);
        // A webhook replaying the success changes nothing and sends no second receipt.
        const signer = new Stripe('sk_test_fake');
        const payload = JSON.stringify({ id: 'evt_ns1', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: stripe.intents.get(charge.reference!) } });
        const { handlePaymentWebhook } = await import('@/server/payments/http');
        const hook = () => handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body: payload, headers: { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) } }));
        expect((await hook()).status).toBe(200);
        expect(await mails(paid.email, 'noshowFeeReceipt')).toHaveLength(1);

        // Declined, and the bank asking for the guest, as Stripe answers them (402 with the intent).
        expect((await call('noshow', declined.hash, declined.revision)).body.data?.booking.fee).toMatchObject({ status: 'failed', error: 'generic_decline' });
        expect((await call('noshow', held.hash, held.revision)).body.data?.booking.fee).toMatchObject({ status: 'requires_action' });
        const [heldCharge] = await charges(held.id);
        expect(heldCharge.clientSecret).toBe(`${heldCharge.reference}_secret_fake`);
        expect(await mails(held.email, 'noshowFeeAuthenticate')).toHaveLength(1);
        // The guest authenticates; Stripe's signed webhook settles the fee.
        stripe.pay(heldCharge.reference!);
        const settled = JSON.stringify({ id: 'evt_ns2', object: 'event', type: 'payment_intent.succeeded', created: Math.floor(Date.now() / 1000), livemode: false, data: { object: stripe.intents.get(heldCharge.reference!) } });
        const response = await handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body: settled, headers: { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: settled, secret }) } }));
        expect(await response.json()).toEqual({ received: true, result: 'applied' });
        expect((await charges(held.id))[0].status).toBe('succeeded');

        // Refunded through Stripe's Refunds API, once.
        const version = (await db.select().from(schema.reservations).where(and(eq(schema.reservations.id, paid.id))))[0].revision;
        expect((await call('refundfee', paid.hash, version)).body.data?.booking.fee).toMatchObject({ status: 'refunded' });
        expect(stripe.refunds.filter((x) => x.payment_intent === charge.reference)).toHaveLength(1);
      } finally {
        for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
        await stripe.close();
      }
    });
  });
}
