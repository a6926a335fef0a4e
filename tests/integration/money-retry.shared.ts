import { formatLongDate } from '@/lib/i18n/format';
import { and, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { TEST_NOW, testDay } from '../helpers/clock';
import { fakeStripe } from '../helpers/fake-stripe';
import type { ReservationInput } from '@/lib/forms/reservation';
import type { GuaranteeProvider } from '@/lib/payments/types';
import { forgetVenueContexts } from '@/server/venues/context';

const minutes = (n: number) => new Date(TEST_NOW.getTime() + n * 60_000);
const hours = (n: number) => minutes(n * 60);
// Guaranteed dinners (parties of 5) spread over evenings and times, so that every one finds its seats.
const guest = (i: number): ReservationInput => ({
  pax: 5,
  date: i % 2 ? testDay(4) : testDay(5),
  time: ['19:00', '19:30', '20:00', '20:30', '21:00', '21:30'][i % 6],
  zone: 'sala',
  nome: `Ospite${i}`,
  cognome: 'Verdi',
  email: `money${i}@example.com`,
  prefisso: '+39',
  telefono: '3471234567',
  privacy: true,
});

/**
 * Issue 41, points 4, 5, 6 and 13: every money row claimed for an outside call (a deposit's refund,
 * a no-show fee, a fee's refund) is scheduled in the claim's transaction, retried on a bounded
 * schedule, ended `failed` with one venue e-mail, never retried with a key the provider may have
 * forgotten (looked up by its metadata instead); crashes injected between the commit and the call.
 * And the housekeeping sweep goes on past one venue's failing step.
 */
export function describeMoneyRetry(driver: Driver) {
  describe(`money rows and their retries on ${driver}`, () => {
    useSiteDatabase(driver, { calendar: true, noSmsCode: true });
    beforeAll(() => {
      delete process.env.STRIPE_SECRET_KEY;
    });

    let serial = 0;
    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const { findVenueByKey } = await import('@/server/venues/queries');
      const schema = await import('@/server/db/schema');
      const deposit = await import('@/server/payments/deposit');
      const noshow = await import('@/server/payments/noshow');
      const payments = await import('@/server/payments');
      const retry = await import('@/server/payments/retry');
      const { moneyRows } = await import('@/server/payments/stuck');
      const service = await import('@/server/booking/service');
      const { reservationSchema } = await import('@/lib/forms/reservation');
      const db = await getDb();
      const venue = (await findVenueByKey(db, 'localhost'))!;
      const d = schema.depositPayments;
      /** A deposit paid with the local test card; the guest wrote in `locale`. */
      const paidDeposit = async (locale = 'de') => {
        const n = ++serial;
        const started = await deposit.startDeposit(db, venue, { amountCents: 6000, currency: venue.currency, email: `deposit${n}@example.com`, description: 'test', metadata: {}, locale });
        expect(await deposit.confirmLocalDeposit(db, started.reference, started.clientSecret, '4242424242424242')).toMatchObject({ status: 'succeeded' });
        return started.reference;
      };
      const depositRow = async (reference: string) => (await db.select().from(d).where(eq(d.reference, reference)))[0];
      /** A dinner guaranteed with a local test card, as the wizard makes it. */
      const guaranteed = async (card = '4242424242424242') => {
        const i = ++serial;
        const setup = await payments.startCardSetup(db, venue, { amountCents: 12500, currency: venue.currency, email: 'x@example.com', description: 'test', metadata: {} });
        const confirmed = await payments.localPayments().confirm(setup.reference, setup.clientSecret, { number: card });
        await payments.applyPaymentEvent(db, payments.localPayments().parseWebhook(confirmed!.event.body, confirmed!.event.signature));
        const made = await service.createReservation(db, venue, reservationSchema.parse({ ...guest(i), guaranteeReference: setup.reference, cancellationPolicy: true }), { locale: 'en', partner: false, host: 'localhost', botVerdict: 'pass' }, TEST_NOW);
        const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.hash!));
        return row;
      };
      /** Staff marked it a no-show: the fee is claimed in that transaction (the provider is called after the commit). */
      const claimFee = async (r: typeof schema.reservations.$inferSelect, now = TEST_NOW) => (await db.transaction((tx) => noshow.claimNoShowFee(tx as never, venue, { kind: 'table', ...r }, now)))!;
      const charge = async (id: number) => (await db.select().from(schema.noshowCharges).where(eq(schema.noshowCharges.id, id)))[0];
      const mails = async (template: string, to?: string) => (await db.select().from(schema.outbox).where(and(eq(schema.outbox.template, template), to ? eq(schema.outbox.recipient, to) : undefined))).sort((a, b) => a.id - b.id);
      return { db, venue, schema, deposit, noshow, payments, retry, moneyRows, paidDeposit, depositRow, guaranteed, claimFee, charge, mails };
    };

    it('schedules every claim in its own transaction: a crash between the commit and the call leaves a row the sweep settles', async () => {
      const { db, venue, schema, deposit, noshow, payments, moneyRows, paidDeposit, depositRow, guaranteed, claimFee, charge, mails } = await ctx();
      // The experience service's claim (the date filled up after the payment), then the process dies.
      const rejected = await paidDeposit();
      expect(await db.transaction((tx) => deposit.claimDeposit(tx as never, venue, rejected, 'refunding', TEST_NOW))).toBe(true);
      expect(await depositRow(rejected)).toMatchObject({ status: 'refunding', refundAttempts: 0, nextRefundAt: minutes(2), refundClaimedAt: TEST_NOW });
      // A used deposit's claim (a free cancel, a decline by the venue), then the process dies.
      const used = await paidDeposit('it');
      await db.transaction((tx) => deposit.claimDeposit(tx as never, venue, used, 'used', TEST_NOW));
      expect(await db.transaction((tx) => deposit.claimUsedDeposit(tx as never, venue, used, TEST_NOW))).toBe(true);
      expect(await depositRow(used)).toMatchObject({ status: 'refunding', nextRefundAt: minutes(2) });
      // Within the caller's grace the sweep leaves them to it.
      expect(await deposit.sweepDeposits(db, minutes(1))).toMatchObject({ depositsRefunded: 0 });

      // The sweep's own claim (a tab closed after paying), killed during the provider call: each row is
      // read as committed at the moment of the call, and put back so after the "crash".
      const closed = await paidDeposit('fr');
      const atCall = new Map<string, Awaited<ReturnType<typeof depositRow>>>();
      const killed = {
        ...deposit.depositProvider(),
        refund: async (_db: unknown, reference: string) => {
          atCall.set(reference, await depositRow(reference));
          throw new Error('process killed');
        },
      };
      await deposit.sweepDeposits(db, minutes(31), killed);
      expect([...atCall.keys()].sort()).toEqual([closed, rejected, used].sort());
      for (const [reference, row] of atCall) {
        expect(row).toMatchObject({ status: 'refunding', refundAttempts: 0 });
        expect(row.nextRefundAt!.getTime()).toBeLessThanOrEqual(minutes(33).getTime());
        const { id, ...crashed } = row;
        await db.update(schema.depositPayments).set(crashed).where(eq(schema.depositPayments.id, id));
        expect((await depositRow(reference)).status).toBe('refunding');
      }
      // Left so (the sweep not running), they show in /api/health as overdue.
      expect(await moneyRows(db, minutes(46))).toMatchObject({ overdue: 3 });
      // The next pass refunds all three, once each; the guest of the closed tab is told, in French, with the amount.
      expect(await deposit.sweepDeposits(db, minutes(34))).toMatchObject({ depositsRefunded: 3 });
      for (const reference of [rejected, used, closed]) expect((await depositRow(reference)).status).toBe('refunded');
      const [told] = await mails('depositRefunded', (await depositRow(closed)).guestEmail!);
      expect(told).toMatchObject({ locale: 'fr' });
      expect(told.subject).toMatch(/60\s€/);
      expect(told.bodyText).toContain('remboursé');
      expect(await mails('depositRefunded', (await depositRow(rejected)).guestEmail!)).toHaveLength(1);
      expect(await deposit.sweepDeposits(db, minutes(60))).toMatchObject({ depositsRefunded: 0 });

      // A no-show fee claimed, then the process dies before the provider is called: the sweep charges it (same key), once.
      const r = await guaranteed();
      const feeId = await claimFee(r);
      expect(await charge(feeId)).toMatchObject({ status: 'charging', attempts: 0, nextAttemptAt: minutes(2), claimedAt: TEST_NOW });
      expect(await noshow.sweepNoShowCharges(db, minutes(1))).toMatchObject({ noshowFeesSettled: 0 });
      expect(await noshow.sweepNoShowCharges(db, minutes(3))).toMatchObject({ noshowFeesSettled: 1 });
      expect(await charge(feeId)).toMatchObject({ status: 'succeeded' });
      expect(await mails('noshowFeeReceipt', r.email)).toHaveLength(1);
      // Its refund claimed from the sheet, then the process dies: the sweep refunds it.
      await db.transaction((tx) => noshow.claimFeeRefund(tx as never, 'table', r.id, minutes(10)));
      expect(await charge(feeId)).toMatchObject({ status: 'refunding', nextAttemptAt: minutes(12), claimedAt: minutes(10) });
      expect(await noshow.sweepNoShowCharges(db, minutes(13), payments.localPayments())).toMatchObject({ noshowFeesRefunded: 1 });
      expect(await charge(feeId)).toMatchObject({ status: 'refunded' });
    });

    it('ends a call that keeps failing `failed` on a bounded schedule, tells the venue once, in its language, and /api/health counts it', async () => {
      const { db, venue, schema, deposit, noshow, payments, retry, moneyRows, paidDeposit, depositRow, guaranteed, claimFee, charge, mails } = await ctx();
      const before = (await mails('moneyFailed')).length;
      const reference = await paidDeposit();
      await db.transaction((tx) => deposit.claimDeposit(tx as never, venue, reference, 'refunding', TEST_NOW));
      const calls: Date[] = [];
      // The sweep passes at each row's time (as it would, every minute), until the row ends.
      let at = minutes(2);
      const down = {
        ...deposit.depositProvider(),
        refund: async () => {
          calls.push(at);
          throw new Error('connect ECONNREFUSED');
        },
      };
      for (let pass = 0; pass < 20; pass++) {
        await deposit.sweepDeposits(db, at, down);
        const row = await depositRow(reference);
        if (row.status !== 'refunding') break;
        if (pass === 0) expect(await moneyRows(db, at)).toMatchObject({ retrying: 1 });
        at = new Date(row.nextRefundAt!.getTime() + 1000);
      }
      expect(calls).toHaveLength(retry.MAX_ATTEMPTS);
      // The last attempt comes well inside the 24 hours Stripe keeps the key.
      expect(calls.at(-1)!.getTime() - TEST_NOW.getTime()).toBeLessThan(retry.KEY_WINDOW_MS);
      expect(await depositRow(reference)).toMatchObject({ status: 'failed', refundAttempts: retry.MAX_ATTEMPTS, lastError: 'provider_unreachable', nextRefundAt: null });
      const flagged = (await mails('moneyFailed')).slice(before);
      expect(flagged).toHaveLength(1);
      expect(flagged[0]).toMatchObject({ recipient: venue.email, locale: 'it' });
      expect(flagged[0].subject).toMatch(/€\s?60/);
      expect(flagged[0].bodyText).toContain(reference);
      // Its guest named (a deposit whose booking was never made: by their address, issue 44).
      expect(flagged[0].subject).toContain((await depositRow(reference)).guestEmail);
      // Nothing more is tried, and the venue is not told twice.
      await deposit.sweepDeposits(db, hours(30), down);
      expect(calls).toHaveLength(retry.MAX_ATTEMPTS);
      expect((await mails('moneyFailed')).slice(before)).toHaveLength(1);
      expect((await moneyRows(db, hours(30))).failed).toBeGreaterThanOrEqual(1);

      // A refusal no retry changes (the saved card was detached): failed at once, the venue told once.
      const detached = await guaranteed();
      await db.update(schema.cardSetups).set({ status: 'canceled' }).where(eq(schema.cardSetups.reference, detached.guaranteeReference!));
      const feeId = await claimFee(detached);
      expect(await noshow.chargeNoShow(db, feeId, {}, TEST_NOW)).toMatchObject({ status: 'failed', lastError: 'resource_missing', attempts: 1 });
      expect((await mails('moneyFailed')).slice(before)).toHaveLength(2);
      expect(await noshow.sweepNoShowCharges(db, hours(1))).toMatchObject({ noshowFeesSettled: 0 });
      expect((await charge(feeId)).flaggedAt).not.toBeNull();

      // A fee refund whose provider stays down ends `refund_failed` on the same schedule, flagged once.
      const refunded = await guaranteed();
      const refundId = await claimFee(refunded);
      await noshow.chargeNoShow(db, refundId, {}, TEST_NOW);
      await db.transaction((tx) => noshow.claimFeeRefund(tx as never, 'table', refunded.id, TEST_NOW));
      const feeDown: GuaranteeProvider = { ...payments.localPayments(), refundCharge: async () => Promise.reject(new Error('503 Service Unavailable')) };
      at = minutes(2);
      for (let pass = 0; pass < 20 && (await charge(refundId)).status === 'refunding'; pass++) {
        await noshow.sweepNoShowCharges(db, at, feeDown);
        const row = await charge(refundId);
        if (row.nextAttemptAt) at = new Date(row.nextAttemptAt.getTime() + 1000);
      }
      expect(await charge(refundId)).toMatchObject({ status: 'refund_failed', attempts: retry.MAX_ATTEMPTS });
      const all = (await mails('moneyFailed')).slice(before);
      expect(all).toHaveLength(3);
      expect(all[2].subject).toContain('125');
      // The guest named and the booking's day in words, in the venue's language (issue 44).
      expect(all[1].subject).toContain(`${detached.firstName} ${detached.lastName}`);
      expect(all[1].bodyText).toContain(formatLongDate(detached.date, 'it'));
      expect((await moneyRows(db, hours(30))).failed).toBeGreaterThanOrEqual(3);
    });

    it('never calls again with a key older than the provider keeps: the local provider looks the payment up, and a success found is a success', async () => {
      const { db, venue, deposit, noshow, payments, paidDeposit, depositRow, guaranteed, claimFee, charge, mails } = await ctx();
      const local = payments.localPayments();
      // The charge is made, but its answer is lost (the process dies, the network drops).
      const r = await guaranteed();
      const feeId = await claimFee(r);
      const lost: GuaranteeProvider = {
        ...local,
        chargeOffSession: async (input) => {
          await local.chargeOffSession(input);
          throw new Error('socket hang up');
        },
      };
      expect(await noshow.chargeNoShow(db, feeId, { provider: lost }, TEST_NOW)).toMatchObject({ status: 'charging', attempts: 1 });
      // The site was down for a day: the sweep must not charge again, only ask.
      const charges: unknown[] = [];
      const counting: GuaranteeProvider = { ...local, chargeOffSession: async (input) => (charges.push(input), local.chargeOffSession(input)) };
      await noshow.sweepNoShowCharges(db, hours(25), counting);
      expect(charges).toHaveLength(0);
      expect(await charge(feeId)).toMatchObject({ status: 'succeeded' });
      expect(await mails('noshowFeeReceipt', r.email)).toHaveLength(1);

      // A claim whose call was never made, found a day later: nothing to find, so it ends failed and the venue is told.
      const never = await guaranteed();
      const neverId = await claimFee(never);
      const flagged = (await mails('moneyFailed')).length;
      await noshow.sweepNoShowCharges(db, hours(25), counting);
      expect(charges).toHaveLength(0);
      expect(await charge(neverId)).toMatchObject({ status: 'failed', lastError: 'key_expired' });
      expect(await mails('moneyFailed')).toHaveLength(flagged + 1);

      // A deposit's refund made, its answer lost: a day later it is found refunded, and not refunded again.
      const reference = await paidDeposit();
      await db.transaction((tx) => deposit.claimDeposit(tx as never, venue, reference, 'refunding', TEST_NOW));
      const provider = deposit.depositProvider();
      await deposit.refundDeposit(db, venue, reference, { ...provider, refund: async (x, ref) => (await provider.refund(x, ref), Promise.reject(new Error('socket hang up'))) }, TEST_NOW);
      expect(await depositRow(reference)).toMatchObject({ status: 'refunding', refundAttempts: 1 });
      const refunds: string[] = [];
      await deposit.sweepDeposits(db, hours(25), { ...provider, refund: async (x, ref) => (refunds.push(ref), provider.refund(x, ref)) });
      expect(refunds).toEqual([]);
      expect((await depositRow(reference)).status).toBe('refunded');
    });

    it('looks a Stripe charge and refund up by their metadata past the key window (the stripe SDK against the stand-in), and fails a detached card at once', async () => {
      const { db, schema, noshow, guaranteed, claimFee, charge, mails } = await ctx();
      // Bookings guaranteed with Stripe: the SetupIntent's payment method, saved to a Customer.
      const asStripe = async (paymentMethod: string) => {
        const r = await guaranteed();
        await db.update(schema.reservations).set({ guaranteeProvider: 'stripe', guaranteePaymentMethod: paymentMethod }).where(eq(schema.reservations.id, r.id));
        await db.update(schema.cardSetups).set({ provider: 'stripe', customer: `cus_${r.id}` }).where(eq(schema.cardSetups.reference, r.guaranteeReference!));
        return { ...r, guaranteeProvider: 'stripe' as const, guaranteePaymentMethod: paymentMethod };
      };
      const r = await asStripe('pm_card_visa');
      const detached = await asStripe('pm_card_detached');
      const stripe = await fakeStripe();
      Object.assign(process.env, { STRIPE_SECRET_KEY: 'sk_test_fake', STRIPE_WEBHOOK_SECRET: 'whsec_money', STRIPE_API_BASE: stripe.url });
      try {
        const { guaranteeProvider } = await import('@/server/payments/provider');
        const real = guaranteeProvider();
        const feeId = await claimFee(r);
        const lost: GuaranteeProvider = { ...real, chargeOffSession: async (input) => (await real.chargeOffSession(input), Promise.reject(new Error('socket hang up'))) };
        expect(await noshow.chargeNoShow(db, feeId, { provider: lost }, TEST_NOW)).toMatchObject({ status: 'charging', attempts: 1 });
        const creates = () => stripe.seen.filter((s) => s.method === 'POST' && s.url === '/v1/payment_intents');
        expect(creates()).toHaveLength(1);
        expect(new URLSearchParams(creates()[0].body).get('metadata[charge_key]')).toBe(`noshow-${r.venueId}-table-${r.id}`);
        await noshow.sweepNoShowCharges(db, hours(25), real);
        expect(creates()).toHaveLength(1);
        expect(stripe.seen.some((s) => s.method === 'GET' && s.url.startsWith('/v1/payment_intents/search'))).toBe(true);
        const settled = await charge(feeId);
        expect(settled).toMatchObject({ status: 'succeeded', reference: [...stripe.intents.keys()][0] });
        expect(await mails('noshowFeeReceipt', r.email)).toHaveLength(1);

        // Its refund made, the answer lost, found a day later by the refunds of the intent: not refunded twice.
        await db.transaction((tx) => noshow.claimFeeRefund(tx as never, 'table', r.id, hours(26)));
        expect(await noshow.refundNoShow(db, feeId, { ...real, refundCharge: async (ref) => (await real.refundCharge(ref), Promise.reject(new Error('socket hang up'))) }, hours(26))).toBe('retrying');
        await noshow.sweepNoShowCharges(db, hours(50), real);
        expect(stripe.seen.filter((s) => s.method === 'POST' && s.url === '/v1/refunds')).toHaveLength(1);
        expect(stripe.seen.some((s) => s.method === 'GET' && s.url.startsWith('/v1/refunds?'))).toBe(true);
        expect(await charge(feeId)).toMatchObject({ status: 'refunded' });

        // A card detached from its Customer: Stripe refuses the request (400), the fee ends failed at once, flagged.
        const detachedId = await claimFee(detached);
        expect(await noshow.chargeNoShow(db, detachedId, {}, TEST_NOW)).toMatchObject({ status: 'failed', lastError: 'resource_missing' });
        expect((await charge(detachedId)).flaggedAt).not.toBeNull();
      } finally {
        for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_API_BASE']) delete process.env[key];
        await stripe.close();
      }
    });

    it('runs each housekeeping step and each venue on its own: one venue whose data makes a step throw stops nothing else', async () => {
      const { db, schema, venue, paidDeposit, depositRow } = await ctx();
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      const { checkHealth } = await import('@/server/runtime/health');
      const { venueId: brokenId } = await importVenue(db, { ...readVenueFile(DEMO_VENUE_FILE), slug: 'broken-rules', name: 'Osteria Rotta', hosts: ['broken-rules.localhost'], default: false });
      // The second venue's stored rules no longer read (a bad hand edit): its reminders step throws.
      await db.update(schema.venues).set({ booking: { reminders: 'every day' } as never }).where(eq(schema.venues.id, brokenId));
      forgetVenueContexts();
      // It also has a request awaiting its answer past the deadline: the pending-deadline step, before the deposits', throws for it too.
      await db.insert(schema.reservations).values({
        venueId: brokenId,
        hash: 'brokenpending000000000a',
        date: testDay(2),
        time: '20:00',
        shiftKey: 'cena',
        zoneKey: 'sala',
        covers: 7,
        status: 'pending',
        firstName: 'Rita',
        lastName: 'Rossi',
        email: 'pending@example.com',
        phonePrefix: '+39',
        phone: '3471234567',
        locale: 'it',
        privacyAcceptedAt: TEST_NOW,
        policyVersion: '1',
        createdAt: TEST_NOW,
        updatedAt: TEST_NOW,
      });
      // The demo venue's guest closed the tab after paying: its deposit is due for a refund.
      const reference = await paidDeposit();
      const later = minutes(31 * 60);
      const swept = await sweepStale(db, later);
      expect(swept.failures.length).toBeGreaterThanOrEqual(1);
      expect(swept.failures.every((f) => f.venueId === brokenId)).toBe(true);
      expect(swept.failures.map((f) => f.step)).toEqual(expect.arrayContaining(['pendingDeadline', 'reminders']));
      // The demo venue's part of every step ran, the steps after the failing one too.
      expect((await depositRow(reference)).status).toBe('refunded');
      expect(swept.depositsRefunded).toBeGreaterThanOrEqual(1);
      const health = await checkHealth();
      expect(health.housekeeping).toMatchObject({ lastRunAt: later.toISOString(), lastRunFailures: swept.failures.length });
      expect(health.housekeeping.failuresSinceStart).toBeGreaterThanOrEqual(swept.failures.length);
      expect(health.housekeeping.lastFailure).toMatchObject({ venueId: brokenId });
      expect(venue.id).not.toBe(brokenId);
    });
  });
}
