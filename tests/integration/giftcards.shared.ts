import Stripe from 'stripe';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { fakeStripe } from '../helpers/fake-stripe';
import { pinTestClock, testMoment } from '../helpers/clock';

const form = (values: Record<string, string>) => new URLSearchParams(values);
const buyer = (extra: Record<string, string> = {}) => ({
  id: 'buono-50',
  quantity: '2',
  firstName: 'Anna',
  lastName: 'Rossi',
  email: 'anna@example.com',
  prefix: '+39',
  mobile: '347 123 4567',
  birthDate: '12/05/1985',
  city: 'Firenze',
  country: 'Italia',
  province: 'FI',
  cap: '50100',
  recipient: 'other',
  recipientFirstName: 'Bruno',
  recipientLastName: 'Bianchi',
  recipientEmail: 'bruno@example.com',
  recipientPrefix: '+39',
  recipientMobile: '348 765 4321',
  message: 'Buon compleanno!',
  paymentMethod: 'card',
  privacy: '1',
  marketing: '0',
  language: 'en',
  siteBase: 'http://localhost:3000/en',
  remoteIp: '203.0.113.7',
  ...extra,
});

/** Gift cards on the built-in backend: checkout, payment, creation exactly once, e-mails, redemption. */
export function describeGiftcards(driver: Driver) {
  describe(`gift cards on ${driver}`, () => {
    useSiteDatabase(driver);
    beforeAll(async () => {
      delete process.env.STRIPE_SECRET_KEY;
    });

    const call = async (name: string, params: URLSearchParams) => (await import('@/server/backend/dispatch')).dispatch(name, 'localhost', params);
    const ctx = async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      return { db: await getDb(), ...schema };
    };
    const checkout = async (extra: Record<string, string> = {}) => {
      const result = await call('giftcard/checkout', form(buyer(extra)));
      expect(result.httpStatus).toBe(200);
      return result.body.data as { fingerprint: string; provider: string; url: string };
    };
    const orderOf = async (fingerprint: string) => {
      const { db, giftCardOrders } = await ctx();
      const [order] = await db.select().from(giftCardOrders).where(eq(giftCardOrders.fingerprint, fingerprint));
      return order;
    };
    const cardsOf = async (orderId: number) => {
      const { db, issuedGiftCards } = await ctx();
      return db.select().from(issuedGiftCards).where(eq(issuedGiftCards.orderId, orderId));
    };
    it('lists the cards on sale and answers notAvailable for one the venue does not sell', async () => {
      const list = await call('giftcard/getlist', form({}));
      expect(list.httpStatus).toBe(200);
      const cards = list.body.data as { id: string; value: number; price: number }[];
      expect(cards.map((c) => c.id)).toEqual(expect.arrayContaining(['buono-50', 'buono-100']));
      expect(cards.find((c) => c.id === 'buono-50')).toMatchObject({ value: 5000, price: 5000 });
      expect(await call('giftcard/get', form({ id: 'nope' }))).toMatchObject({ httpStatus: 404, body: { status: false, error: 'notAvailable' } });
    });

    it('refuses bad input with the section 5 message keys and a 400', async () => {
      const errorsOf = async (values: Record<string, string>) => {
        const result = await call('giftcard/checkout', form(values));
        expect(result.httpStatus).toBe(400);
        return result.body.fieldErrors as Record<string, string>;
      };
      // Only what delivers and receipts the card is required: the buyer's and the recipient's name and e-mail (issue 29).
      expect(await errorsOf({ id: 'buono-50', quantity: '1', recipient: 'me', paymentMethod: 'card' })).toEqual({ firstName: 'required', lastName: 'required', email: 'required', privacy: 'privacyRequired' });
      expect(await errorsOf(buyer({ recipientFirstName: '', recipientEmail: '' }))).toEqual({ recipientFirstName: 'required', recipientEmail: 'required' });
      expect(await errorsOf(buyer({ email: 'not-an-email' }))).toEqual({ email: 'emailInvalid' });
      expect(await errorsOf(buyer({ mobile: '12' }))).toEqual({ mobile: 'phoneInvalid' });
      expect(await errorsOf(buyer({ recipientEmail: 'bruno@' }))).toEqual({ recipientEmail: 'recipientEmailInvalid' });
      expect(await errorsOf(buyer({ recipientMobile: '999' }))).toEqual({ recipientMobile: 'recipientPhoneInvalid' });
      expect(await errorsOf(buyer({ privacy: '0' }))).toEqual({ privacy: 'privacyRequired' });
      expect(await errorsOf(buyer({ birthDate: '31/02/1990' }))).toEqual({ birthDate: 'birthDateInvalid' });
      expect(await errorsOf(buyer({ quantity: '11' }))).toEqual({ quantity: 'quantityInvalid' });
      // buono-50 has no custom value; the demo's custom card takes 20–500.
      const list = (await call('giftcard/getlist', form({}))).body.data as { id: string; customMin: number | null; customMax: number | null }[];
      const custom = list.find((c) => c.customMin !== null)!;
      expect(await errorsOf(buyer({ id: custom.id, customValue: String(custom.customMax! / 100 + 1) }))).toEqual({ customValue: 'amountRange' });
      expect(await errorsOf(buyer({ id: custom.id, customValue: String(custom.customMin! / 100 - 1) }))).toEqual({ customValue: 'amountRange' });
      // Issue 45: a free-amount card requires the amount; left empty it is not sold at a value of its own.
      expect(await errorsOf(buyer({ id: custom.id, customValue: '' }))).toEqual({ customValue: 'required' });
    });

    it('starts a checkout with only the names and e-mails, the rest left empty', async () => {
      const empty = { prefix: '', mobile: '', birthDate: '', city: '', country: '', province: '', cap: '', recipientPrefix: '', recipientMobile: '', message: '' };
      const started = await checkout(empty);
      const order = await orderOf(started.fingerprint);
      expect(order).toMatchObject({ firstName: 'Anna', email: 'anna@example.com', recipientEmail: 'bruno@example.com', birthDate: null, city: '', phone: '' });
    });

    it('names a card of a free amount by its amount in every language, not "choose the amount" (issue 29)', async () => {
      const list = (await call('giftcard/getlist', form({}))).body.data as { id: string; customMin: number | null }[];
      const custom = list.find((c) => c.customMin !== null)!;
      const order = await orderOf((await checkout({ id: custom.id, customValue: '50' })).fingerprint);
      const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');
      expect(Object.fromEntries(Object.entries(order.productTitle).map(([l, t]) => [l, nbsp(t)]))).toEqual({
        it: 'Buono regalo da € 50',
        en: 'Gift card of €50',
        fr: 'Carte cadeau de 50 €',
        es: 'Tarjeta regalo de 50 €',
        de: 'Gutschein über 50 €',
      });
      expect(order.unitValueCents).toBe(5000);
    });

    it('charges the amount computed from the venue prices, whatever the browser sends', async () => {
      const started = await checkout({ quantity: '3', total: '1', amount: '1', price: '1' });
      expect(started.fingerprint).toMatch(/^[A-Za-z0-9_-]{22}$/); // 128 bits
      expect(started.provider).toBe('testpay');
      const order = await orderOf(started.fingerprint);
      expect(order).toMatchObject({ status: 'pending', quantity: 3, unitPriceCents: 5000, totalCents: 15000 });
      const { db, localCheckoutSessions } = await ctx();
      const [session] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, order.paymentReference!));
      expect(session.amountTotal).toBe(15000);
      expect(session.successUrl).toBe(`http://localhost:3000/en/frontpage/giftcard/create/${started.fingerprint}`);
      expect(session.cancelUrl).toBe('http://localhost:3000/en/frontpage/giftcard/checkout/buono-50?cancelled=1');
    });

    it('the redirect alone creates nothing: an unpaid order stays pending', async () => {
      const started = await checkout();
      expect(await call('giftcard/create', form({ fingerprint: started.fingerprint }))).toMatchObject({ body: { data: { status: 'pending' } } });
      expect(await cardsOf((await orderOf(started.fingerprint)).id)).toHaveLength(0);
      expect(await call('giftcard/create', form({ fingerprint: 'AAAAAAAAAAAAAAAAAAAAAA' }))).toMatchObject({ httpStatus: 404 });
    });

    it('creates the cards exactly once under 100 webhook replays and 10 concurrent returns', async () => {
      const started = await checkout({ quantity: '2' });
      const order = await orderOf(started.fingerprint);
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      const provider = localCheckout(getDb);
      const paid = await provider.pay(order.paymentReference!, '4242 4242 4242 4242');
      expect(paid?.outcome).toBe('paid');
      if (paid?.outcome !== 'paid') return;
      const { handlePaymentWebhook } = await import('@/server/payments/http');
      const webhook = () => handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body: paid.event.body, headers: { 'stripe-signature': paid.event.signature } }));
      const results = await Promise.all([
        ...Array.from({ length: 100 }, () => webhook().then((r) => r.status)),
        ...Array.from({ length: 10 }, () => call('giftcard/create', form({ fingerprint: started.fingerprint })).then((r) => (r.body.data as { status: string }).status)),
      ]);
      expect(results.slice(0, 100).every((s) => s === 200)).toBe(true);
      expect(results.slice(100).every((s) => s === 'paid')).toBe(true);
      const cards = await cardsOf(order.id);
      expect(cards).toHaveLength(2);
      expect((await orderOf(started.fingerprint)).status).toBe('paid');
      for (const card of cards) {
        expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{16}$/); // 80 bits, no 0/O/1/I
        expect(card.balanceCents).toBe(5000);
      }
      expect(new Set(cards.map((c) => c.code)).size).toBe(2);
      const { db, outbox } = await ctx();
      const mails = await db.select().from(outbox).where(inArray(outbox.template, ['giftcardRecipient', 'giftcardBuyer', 'giftcardVenue']));
      const mine = mails.filter((m) => m.bodyText.includes(order.orderNumber) || cards.some((c) => m.bodyText.includes(c.code.slice(0, 4))));
      expect(mine.map((m) => m.template).sort()).toEqual(['giftcardBuyer', 'giftcardRecipient', 'giftcardVenue']);
      const recipient = mine.find((m) => m.template === 'giftcardRecipient')!;
      expect(recipient.recipient).toBe('bruno@example.com');
      expect(recipient.attachments).toHaveLength(2);
      expect(recipient.attachments[0].contentType).toBe('image/png');
      // The QR codes are inline parts shown by cid: (webmail does not show data: images), sent as such over SMTP.
      expect(recipient.bodyHtml).not.toContain('data:image');
      expect(recipient.bodyHtml).toContain('src="cid:giftcard-1-qr@frontpage"');
      const { startSmtpSink } = await import('../helpers/smtp-sink');
      const { smtpTransport } = await import('@/server/outbox/transport');
      const smtp = await startSmtpSink();
      try {
        await smtpTransport(`smtp://127.0.0.1:${smtp.port}`).send(recipient);
        const raw = smtp.received[0].data;
        expect(raw).toMatch(/Content-ID: <giftcard-1-qr@frontpage>/i);
        expect(raw).toMatch(/Content-ID: <giftcard-2-qr@frontpage>/i);
        expect(raw).toMatch(/multipart\/related/i);
      } finally {
        await smtp.close();
      }
      expect(recipient.bodyText).toContain('Buon compleanno!');
      expect(mine.find((m) => m.template === 'giftcardBuyer')!.recipient).toBe('anna@example.com');
    });

    it('refuses a tampered or unsigned webhook and creates nothing', async () => {
      const started = await checkout();
      const order = await orderOf(started.fingerprint);
      const { signLocalEvent } = await import('@/server/payments/local');
      const signed = signLocalEvent({ id: 'levt_forged', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: { id: order.paymentReference, status: 'complete', payment_status: 'paid', amount_total: order.totalCents, currency: 'eur', metadata: {} } } });
      const { handlePaymentWebhook } = await import('@/server/payments/http');
      const tampered = signed.body.replace(`"amount_total":${order.totalCents}`, `"amount_total":${order.totalCents + 1}`);
      expect(tampered).not.toBe(signed.body);
      const send = (body: string, signature?: string) => handlePaymentWebhook(new Request('http://localhost/', { method: 'POST', body, headers: signature ? { 'stripe-signature': signature } : {} }));
      expect((await send(tampered, signed.signature)).status).toBe(400);
      expect((await send(signed.body)).status).toBe(400);
      expect(await cardsOf(order.id)).toHaveLength(0);
    });

    it('holds the recipient\'s e-mail until the chosen delivery day (09:00 venue time); the buyer\'s leaves at once', async () => {
      const { testDay } = await import('../helpers/clock');
      const day = testDay(20);
      const [y, m, d] = day.split('-');
      expect((await call('giftcard/checkout', form(buyer({ deliveryDate: `${d}/${m}/${Number(y) + 2}` })))).body.fieldErrors).toEqual({ deliveryDate: 'deliveryDateInvalid' });
      expect((await call('giftcard/checkout', form(buyer({ deliveryDate: '31/02/2030' })))).body.fieldErrors).toEqual({ deliveryDate: 'deliveryDateInvalid' });
      const started = await checkout({ quantity: '1', deliveryDate: `${d}/${m}/${y}`, recipientEmail: 'later@example.com' });
      const order = await orderOf(started.fingerprint);
      expect(order.deliverOn).toBe(day);
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
      expect(await call('giftcard/create', form({ fingerprint: started.fingerprint }))).toMatchObject({ body: { data: { status: 'paid' } } });
      const { db, outbox } = await ctx();
      const [held] = await db.select().from(outbox).where(and(eq(outbox.template, 'giftcardRecipient'), eq(outbox.recipient, 'later@example.com')));
      const { instantOf } = await import('@/server/booking/time');
      expect(held.nextAttemptAt.toISOString()).toBe(instantOf('Europe/Rome', day, '09:00').toISOString());
      expect((await call('giftcard/order', form({ fingerprint: started.fingerprint }))).body.data).toMatchObject({ deliverOn: day, sendTo: 'later@example.com' });
    });

    it('a payment of another amount than the order creates nothing', async () => {
      const started = await checkout();
      const order = await orderOf(started.fingerprint);
      const { fulfil } = await import('@/server/giftcards/service');
      const { db } = await ctx();
      expect(await fulfil(db, { id: order.paymentReference!, status: 'complete', paymentStatus: 'paid', amountTotal: order.totalCents - 1, currency: 'eur', metadata: {}, livemode: false })).toBe('mismatch');
      expect(await cardsOf(order.id)).toHaveLength(0);
    });

    it('counts a card\'s validity in the venue\'s days: paid at 23:30 UTC, already the next day in Rome', async () => {
      const clock = await import('@/server/clock');
      const late = testMoment(14 * 60 + 30); // 23:30 UTC: 00:30 or 01:30 of the next day in Europe/Rome
      const romeDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(at);
      clock.pinClock(late);
      try {
        const started = await checkout({ quantity: '1', recipient: 'me' });
        const order = await orderOf(started.fingerprint);
        const { localCheckout } = await import('@/server/payments/checkout');
        const { getDb } = await import('@/server/db/client');
        await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
        expect(await call('giftcard/create', form({ fingerprint: started.fingerprint }))).toMatchObject({ body: { data: { status: 'paid' } } });
        const [card] = await cardsOf(order.id);
        const paidDay = romeDay(late);
        expect(paidDay).not.toBe(late.toISOString().slice(0, 10));
        const [y, m, d] = paidDay.split('-').map(Number);
        // A year on (29 February gives the 28th).
        expect(card.validUntil).toBe(`${y + 1}-${String(m).padStart(2, '0')}-${String(m === 2 && d === 29 ? 28 : d).padStart(2, '0')}`);
        // On its last day, late in the evening UTC, it is already the day after in Rome: expired, and not redeemable.
        const lastDay = new Date(`${card.validUntil}T23:30:00Z`);
        clock.pinClock(lastDay);
        expect(await call('giftcard/lookup', form({ code: card.code }))).toMatchObject({ httpStatus: 200, body: { data: { expired: true } } });
        clock.pinClock(new Date(lastDay.getTime() - 60 * 60_000 * 22));
        expect(await call('giftcard/lookup', form({ code: card.code }))).toMatchObject({ httpStatus: 200, body: { data: { expired: false } } });
      } finally {
        await pinTestClock();
      }
    });

    it('redeems partially, and concurrent redemptions never take the balance below zero', async () => {
      const started = await checkout({ quantity: '1', recipient: 'me', email: 'testmoney@example.com' });
      const order = await orderOf(started.fingerprint);
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
      expect(await call('giftcard/create', form({ fingerprint: started.fingerprint }))).toMatchObject({ body: { data: { status: 'paid' } } });
      const [card] = await cardsOf(order.id);
      const typed = card.code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-');
      expect(await call('giftcard/lookup', form({ code: typed }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 5000, value: 5000, expired: false } } });
      expect(await call('giftcard/lookup', form({ code: 'ABCD-EFGH-JKLM-NPQR' }))).toMatchObject({ httpStatus: 404 });
      // Paid on the local test page: test money, marked so, and redeemed only by a call that says it is a test (issue 21).
      expect(card.test).toBe(true);
      expect(await call('giftcard/lookup', form({ code: typed }))).toMatchObject({ body: { data: { test: true } } });
      expect(await call('giftcard/card', form({ token: card.printToken }))).toMatchObject({ body: { data: { test: true } } });
      const { db: mails, outbox } = await ctx();
      const sent = await mails.select().from(outbox).where(eq(outbox.recipient, 'testmoney@example.com'));
      expect(sent.length).toBeGreaterThan(0);
      for (const mail of sent.filter((m) => m.template.startsWith('giftcard'))) expect(`${mail.subject}\n${mail.bodyText}`).toMatch(/Test – (no value|nessun valore)|Prova – nessun valore/);
      // The venue's notification too ("Nuovo ordine gift card … Totale pagato: € 50" was unmarked): subject and first line (issue 41).
      const [notice] = await mails.select().from(outbox).where(and(eq(outbox.template, 'giftcardVenue'), eq(outbox.venueId, order.venueId))).orderBy(desc(outbox.id)).limit(1);
      expect(notice.subject).toMatch(/^\[Prova – nessun valore\] Nuovo ordine di buoni regalo /);
      expect(notice.bodyText).toMatch(/^\[Prova – nessun valore\] Pagamento di prova/);
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '1250', reference: 'table 4' }))).toMatchObject({ httpStatus: 409, body: { error: 'testCard' } });
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '1250', reference: 'table 4', test: '1' }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 3750 } } });
      const tries = await Promise.all(Array.from({ length: 10 }, () => call('giftcard/redeem', form({ code: card.code, amount: '1000', test: '1' }))));
      expect(tries.filter((r) => r.httpStatus === 200)).toHaveLength(3);
      expect(tries.filter((r) => r.httpStatus === 409).every((r) => r.body.error === 'insufficientBalance')).toBe(true);
      const { db, issuedGiftCards, giftCardRedemptions } = await ctx();
      const [after] = await db.select().from(issuedGiftCards).where(eq(issuedGiftCards.id, card.id));
      expect(after.balanceCents).toBe(750);
      expect(await db.select().from(giftCardRedemptions).where(and(eq(giftCardRedemptions.cardId, card.id)))).toHaveLength(4);
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '0', test: '1' }))).toMatchObject({ httpStatus: 400 });

      // The holder's balance page: code guessing is limited per address.
      expect(await call('giftcard/balance', form({ code: typed, remoteIp: '198.51.100.1' }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 750, value: 5000, test: true } } });
      for (let i = 0; i < 9; i++) expect((await call('giftcard/balance', form({ code: `AAAA-BBBB-CCCC-DD${i}${i}`, remoteIp: '198.51.100.1' }))).httpStatus).toBe(404);
      expect(await call('giftcard/balance', form({ code: typed, remoteIp: '198.51.100.1' }))).toMatchObject({ httpStatus: 429, body: { error: 'tooMany' } });
      expect((await call('giftcard/balance', form({ code: typed, remoteIp: '198.51.100.2' }))).httpStatus).toBe(200);
    });

    it('pays through Stripe Checkout (the SDK against a local stand-in): created from the signed webhook, once', async () => {
      const secret = 'whsec_giftcard_test';
      const api = await fakeStripe({ secretKeys: ['sk_test_123', 'sk_live_123'] });
      const sessions = api.sessions;
      try {
        const { stripeCheckout } = await import('@/lib/payments/checkout');
        const stripe = stripeCheckout({ secretKey: 'sk_test_123', publishableKey: 'pk_test_123', webhookSecret: secret, apiBase: api.url });
        const { startCheckout, confirmReturn } = await import('@/server/giftcards/service');
        const { giftcardCheckoutSchema } = await import('@/lib/forms/giftcard');
        const { findVenueByKey } = await import('@/server/venues/queries');
        const { db } = await ctx();
        const venue = (await findVenueByKey(db, 'localhost'))!;
        const started = await startCheckout(db, venue, giftcardCheckoutSchema.parse(buyer({ quantity: '2' })), { locale: 'en', siteBase: 'http://localhost:3000/en', partner: false }, stripe);
        const [first] = [...sessions.values()];
        expect(started).toMatchObject({ provider: 'stripe', url: `${api.url}/pay/${first.id}` });
        const create = api.seen.find((r) => r.method === 'POST')!;
        expect(create.headers.authorization).toBe('Bearer sk_test_123');
        expect(create.headers['idempotency-key']).toBe(`giftcard-${started.fingerprint}`);
        const sent = new URLSearchParams(create.body);
        expect(sent.get('mode')).toBe('payment');
        expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('5000');
        expect(sent.get('line_items[0][price_data][currency]')).toBe('eur');
        expect(sent.get('success_url')).toBe(`http://localhost:3000/en/frontpage/giftcard/create/${started.fingerprint}`);
        expect(await confirmReturn(db, venue, started.fingerprint, stripe)).toBe('pending');
        // Without the publishable key: "Internal error: ... public key is missing.", and no order, no session.
        const keyless = stripeCheckout({ secretKey: 'sk_test_123', publishableKey: null, webhookSecret: secret, apiBase: api.url });
        const posts = api.seen.filter((r) => r.method === 'POST').length;
        await expect(startCheckout(db, venue, giftcardCheckoutSchema.parse(buyer()), { locale: 'en', siteBase: 'http://localhost:3000/en', partner: false }, keyless)).rejects.toMatchObject({ code: 'publicKeyMissing' });
        expect(api.seen.filter((r) => r.method === 'POST')).toHaveLength(posts);

        Object.assign(first, { status: 'complete', payment_status: 'paid' });
        const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'checkout.session.completed', created: Math.floor(Date.now() / 1000), data: { object: first } });
        const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
        const { handleCheckoutWebhook } = await import('@/server/giftcards/webhook');
        expect((await handleCheckoutWebhook(payload, 'v1=bad,t=1', stripe)).status).toBe(400);
        const statuses = await Promise.all([
          ...Array.from({ length: 20 }, () => handleCheckoutWebhook(payload, header, stripe).then((r) => r.status)),
          ...Array.from({ length: 5 }, () => confirmReturn(db, venue, started.fingerprint, stripe)),
        ]);
        expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
        expect(statuses.slice(20).every((s) => s === 'paid')).toBe(true);
        // Stripe's test mode is test money too; a live session's cards are real.
        expect((await cardsOf((await orderOf(started.fingerprint)).id)).every((c) => c.test)).toBe(true);
        const live = await startCheckout(db, venue, giftcardCheckoutSchema.parse(buyer()), { locale: 'en', siteBase: 'http://localhost:3000/en', partner: false }, stripe);
        const liveId = (await orderOf(live.fingerprint)).paymentReference!;
        Object.assign(sessions.get(liveId)!, { status: 'complete', payment_status: 'paid', livemode: true });
        expect(await confirmReturn(db, venue, live.fingerprint, stripe)).toBe('paid');
        const liveCards = await cardsOf((await orderOf(live.fingerprint)).id);
        expect(liveCards.length).toBeGreaterThan(0);
        expect(liveCards.every((c) => !c.test)).toBe(true);
        // With live keys, a test-mode event is refused (400) and creates nothing.
        const liveKeys = stripeCheckout({ secretKey: 'sk_live_123', publishableKey: 'pk_live_123', webhookSecret: secret, apiBase: api.url });
        const testEvent = JSON.stringify({ id: 'evt_2', object: 'event', type: 'checkout.session.completed', livemode: false, created: Math.floor(Date.now() / 1000), data: { object: first } });
        expect((await handleCheckoutWebhook(testEvent, Stripe.webhooks.generateTestHeaderString({ payload: testEvent, secret }), liveKeys)).status).toBe(400);
      } finally {
        await api.close();
      }
    });

    it('the sweep marks orders left pending past their session expiry as expired, never a paid one; a late paid webhook still creates the cards once', async () => {
      const { db, localCheckoutSessions } = await ctx();
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      const { sweepStale } = await import('@/server/runtime/housekeeping');
      const { handlePaymentWebhook } = await import('@/server/payments/http');
      const provider = localCheckout(getDb);
      const webhook = (event: { body: string; signature: string }) =>
        handlePaymentWebhook(new Request('http://localhost/api/payments/webhook', { method: 'POST', body: event.body, headers: { 'stripe-signature': event.signature } }));

      // Abandoned; paid and delivered; paid but its webhook is late (signed now, delivered after the sweep).
      const abandoned = await orderOf((await checkout()).fingerprint);
      const paidStart = await checkout();
      const paidOrder = await orderOf(paidStart.fingerprint);
      const paid = await provider.pay(paidOrder.paymentReference!, '4242 4242 4242 4242');
      if (paid?.outcome !== 'paid') throw new Error('the test card did not pay');
      expect((await webhook(paid.event)).status).toBe(200);
      const lateStart = await checkout();
      const late = await orderOf(lateStart.fingerprint);
      const latePaid = await provider.pay(late.paymentReference!, '4242 4242 4242 4242');
      if (latePaid?.outcome !== 'paid') throw new Error('the test card did not pay');

      // 23 hours on the sessions still live: nothing changes.
      await sweepStale(db, testMoment(23 * 60));
      expect((await orderOf(abandoned.fingerprint)).status).toBe('pending');
      expect((await orderOf(lateStart.fingerprint)).status).toBe('pending');

      // Past the 24-hour session and the hour of grace: the unpaid ones expire, the paid one stays paid.
      const swept = await sweepStale(db, testMoment(25 * 60 + 1));
      expect(swept.giftcardOrdersExpired).toBeGreaterThanOrEqual(2);
      expect((await orderOf(abandoned.fingerprint)).status).toBe('expired');
      expect((await orderOf(lateStart.fingerprint)).status).toBe('expired');
      expect(await orderOf(paidStart.fingerprint)).toMatchObject({ status: 'paid' });
      expect(await cardsOf(paidOrder.id)).toHaveLength(2);
      // The abandoned order's test session is closed: it can no longer be paid; its return says failed.
      const [closed] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, abandoned.paymentReference!));
      expect(closed.status).toBe('expired');
      expect(await provider.pay(abandoned.paymentReference!, '4242 4242 4242 4242')).toBeNull();
      expect(await call('giftcard/create', form({ fingerprint: abandoned.fingerprint }))).toMatchObject({ body: { data: { status: 'failed' } } });
      expect(await cardsOf(abandoned.id)).toHaveLength(0);

      // The late webhook, replayed and raced with returns: the payment is not lost, the cards come once.
      const results = await Promise.all([
        ...Array.from({ length: 10 }, () => webhook(latePaid.event).then((r) => r.status)),
        ...Array.from({ length: 3 }, () => call('giftcard/create', form({ fingerprint: lateStart.fingerprint })).then((r) => (r.body.data as { status: string }).status)),
      ]);
      expect(results.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(results.slice(10).every((s) => s === 'paid')).toBe(true);
      expect((await orderOf(lateStart.fingerprint)).status).toBe('paid');
      expect(await cardsOf(late.id)).toHaveLength(2);
      // A later sweep leaves paid and expired orders as they are.
      expect((await sweepStale(db, testMoment(48 * 60))).giftcardOrdersExpired).toBe(0);
      expect((await orderOf(lateStart.fingerprint)).status).toBe('paid');
      expect((await orderOf(abandoned.fingerprint)).status).toBe('expired');
    });
  });
}
