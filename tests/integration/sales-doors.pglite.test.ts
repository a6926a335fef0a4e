import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testMoment, TEST_NOW } from '../helpers/clock';

/**
 * The sales doors (issue 42, "One core, two doors"), as the table door: the built-in backend
 * answers by calling each domain's core directly (server/backend/builtin-sales.ts); a legacy
 * backend through the wire (lib/backend/giftcards.ts `wireGiftcards`, promo.ts `wirePromo`,
 * loyalty.ts `wireLoyalty`). Over the same database both doors give the same typed answers,
 * refusals included, so a page cannot tell which backend it has.
 */
describe('the sales doors on pglite', () => {
  useSiteDatabase('pglite');
  beforeAll(() => {
    delete process.env.STRIPE_SECRET_KEY;
  });

  const doors = async () => {
    const sales = await import('@/server/backend/builtin-sales');
    const { builtinTransport } = await import('@/server/backend/builtin');
    const { createBackendClient } = await import('@/lib/backend/client');
    const { wireGiftcards } = await import('@/lib/backend/giftcards');
    const { wirePromo } = await import('@/lib/backend/promo');
    const { wireLoyalty } = await import('@/lib/backend/loyalty');
    const client = createBackendClient(builtinTransport('localhost'), 'builtin');
    return {
      direct: { giftcards: sales.builtinGiftcards('localhost'), promotions: sales.builtinPromo('localhost'), loyalty: sales.builtinLoyalty('localhost') },
      wire: { giftcards: wireGiftcards(client), promotions: wirePromo(client), loyalty: wireLoyalty(client) },
    };
  };
  const db = async () => {
    const { getDb } = await import('@/server/db/client');
    return { db: await getDb(), ...(await import('@/server/db/schema')) };
  };

  describe('gift cards', () => {
    const buyer = {
      id: 'buono-50',
      quantity: '2',
      firstName: 'Anna',
      lastName: 'Rossi',
      email: 'anna-door@example.com',
      recipient: 'other',
      recipientFirstName: 'Bruno',
      recipientLastName: 'Bianchi',
      recipientEmail: 'bruno-door@example.com',
      message: 'Buon compleanno!',
      paymentMethod: 'card',
      privacy: true,
      marketing: false,
    };
    const submit = { locale: 'en', siteBase: 'http://localhost:3000/en', partner: false, clientAddress: '203.0.113.31' };

    it('lists and shows the cards on sale alike, texts in every language, and refuses a card not on sale alike', async () => {
      const { direct, wire } = await doors();
      const list = await direct.giftcards.list();
      expect(list).toEqual(await wire.giftcards.list());
      expect(list.status === 'ok' && list.data.map((c) => c.id)).toEqual(expect.arrayContaining(['buono-50', 'buono-100']));
      expect(list.status === 'ok' && Object.keys(list.data[0].title).sort()).toEqual(['de', 'en', 'es', 'fr', 'it']);
      for (const id of ['buono-50', 'nope', 'x'.repeat(80)]) expect(await direct.giftcards.get(id)).toEqual(await wire.giftcards.get(id));
      expect(await direct.giftcards.get('nope')).toEqual({ status: false, error: 'notAvailable', fieldErrors: {} });
      const { builtinGiftcards } = await import('@/server/backend/builtin-sales');
      expect(await builtinGiftcards('nowhere.example').list()).toEqual({ status: 'unknownVenue' });
      // A card whose texts the venue gave in Italian only: read in every language through either door.
      const { db: d, giftCards } = await db();
      const [card] = await d.select().from(giftCards).where(eq(giftCards.key, 'buono-100'));
      await d.update(giftCards).set({ title: { it: 'Buono da 100' } }).where(eq(giftCards.id, card.id));
      try {
        expect(await direct.giftcards.get('buono-100')).toEqual(await wire.giftcards.get('buono-100'));
        expect(await direct.giftcards.get('buono-100')).toMatchObject({ status: true, data: { title: { it: 'Buono da 100', en: '', de: '' } } });
        expect(await direct.giftcards.list()).toEqual(await wire.giftcards.list());
      } finally {
        await d.update(giftCards).set({ title: card.title }).where(eq(giftCards.id, card.id));
      }
    });

    it('refuses a purchase alike: bad input, a card not on sale, a site that is no origin, a key of the wrong shape', async () => {
      const { direct, wire } = await doors();
      const refusedOnes: [Record<string, unknown>, typeof submit & { idempotencyKey?: string }][] = [
        [{ ...buyer, email: 'anna', privacy: false, quantity: '0' }, submit],
        [{ ...buyer, id: 'nope' }, submit],
        [{ ...buyer, quantity: '50' }, submit],
        [buyer, { ...submit, siteBase: 'javascript:alert(1)' }],
        [buyer, { ...submit, idempotencyKey: 'short' }],
      ];
      for (const [values, s] of refusedOnes) {
        const answer = await direct.giftcards.checkout(values, s);
        expect(answer.status).toBe(false);
        expect(answer).toEqual(await wire.giftcards.checkout(values, s));
      }
      expect(await direct.giftcards.checkout({ ...buyer, id: 'nope' }, submit)).toEqual({ status: false, error: 'notAvailable', fieldErrors: { id: 'notAvailable' } });
    });

    it('buys, pays and makes the cards once through either door, the retry of a purchase answering its first order', async () => {
      const { direct, wire } = await doors();
      const keyed = { ...submit, idempotencyKey: 'giftcard-door-key-0000001' };
      const started = await direct.giftcards.checkout(buyer, keyed);
      expect(started).toMatchObject({ status: true, data: { fingerprint: expect.any(String), provider: 'testpay', url: expect.any(String) } });
      if (!started.status) return;
      // The same key through the other door: the same order, one fingerprint over the same fields.
      expect(await wire.giftcards.checkout(buyer, { ...keyed, clientAddress: '203.0.113.32' })).toEqual(started);
      expect(await direct.giftcards.checkout({ ...buyer, quantity: '1' }, keyed)).toEqual(await wire.giftcards.checkout({ ...buyer, quantity: '1' }, keyed));
      expect(await direct.giftcards.checkout({ ...buyer, quantity: '1' }, keyed)).toMatchObject({ status: false, error: 'idempotencyKeyReused' });
      const { fingerprint } = started.data;
      const { db: d, giftCardOrders, issuedGiftCards } = await db();
      expect(await d.select().from(giftCardOrders).where(eq(giftCardOrders.email, 'anna-door@example.com'))).toHaveLength(1);

      for (const fp of [fingerprint, 'A'.repeat(22), 'bad']) {
        expect(await direct.giftcards.payment(fp)).toEqual(await wire.giftcards.payment(fp));
        expect(await direct.giftcards.confirm(fp)).toEqual(await wire.giftcards.confirm(fp));
        expect(await direct.giftcards.order(fp)).toEqual(await wire.giftcards.order(fp));
      }
      expect(await direct.giftcards.payment(fingerprint)).toMatchObject({ status: true, data: { status: 'pending', configured: true } });
      expect(await direct.giftcards.confirm(fingerprint)).toEqual({ status: true, data: { status: 'pending' } });
      expect(await direct.giftcards.payment('A'.repeat(22))).toEqual({ status: false, error: 'paymentNotFound', fieldErrors: {} });

      // Paid on the local test page: returns through both doors at once make the cards exactly once.
      const [order] = await d.select().from(giftCardOrders).where(eq(giftCardOrders.fingerprint, fingerprint));
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      expect((await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242'))?.outcome).toBe('paid');
      const returns = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? direct : wire).giftcards.confirm(fingerprint)));
      expect(returns.every((r) => r.status && r.data.status === 'paid')).toBe(true);
      const cards = await d.select().from(issuedGiftCards).where(eq(issuedGiftCards.orderId, order.id));
      expect(cards).toHaveLength(2);
      const [paidOrder] = await d.select().from(giftCardOrders).where(eq(giftCardOrders.id, order.id));
      expect(paidOrder.status).toBe('paid');

      expect(await direct.giftcards.order(fingerprint)).toEqual(await wire.giftcards.order(fingerprint));
      expect(await direct.giftcards.order(fingerprint)).toMatchObject({ status: true, data: { status: 'paid', quantity: 2, sendTo: 'bruno-door@example.com' } });
      expect(await direct.giftcards.payment(fingerprint)).toEqual(await wire.giftcards.payment(fingerprint));
      for (const token of [cards[0].printToken, 'A'.repeat(22)]) expect(await direct.giftcards.card(token)).toEqual(await wire.giftcards.card(token));
      expect(await direct.giftcards.card(cards[0].printToken)).toMatchObject({ status: true, data: { code: cards[0].code, balance: 5000, test: true } });
      const typed = cards[0].code.toLowerCase().replace(/(.{4})(?=.)/g, '$1-');
      for (const code of [typed, 'ABCD-EFGH-JKLM-NPQR', '']) {
        expect(await direct.giftcards.balance({ code, clientAddress: '198.51.100.61' })).toEqual(await wire.giftcards.balance({ code, clientAddress: '198.51.100.61' }));
      }
      expect(await direct.giftcards.balance({ code: typed, clientAddress: '198.51.100.61' })).toEqual({ status: true, data: { balance: 5000, value: 5000, validUntil: cards[0].validUntil, expired: false, test: true } });
      expect(await direct.giftcards.balance({ code: 'ABCD-EFGH-JKLM-NPQR', clientAddress: '198.51.100.61' })).toEqual({ status: false, error: 'notFound', fieldErrors: { code: 'codeNotFound' } });
    });
  });

  describe('promotions', () => {
    const URL_NAME = 'aperitivo-omaggio';
    let clock: Awaited<ReturnType<typeof pinTestClock>>;
    beforeAll(async () => {
      clock = await pinTestClock();
      const { db: d, promotions } = await db();
      const validUntil = new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
      await d.update(promotions).set({ startsAt: testMoment(-24 * 60), endsAt: testMoment(10 * 24 * 60), validUntil, quantity: 200, active: true }).where(eq(promotions.urlName, URL_NAME));
    });
    afterAll(() => clock.unpinClock());
    const guest = (n: number) => ({ nome: 'Pia', cognome: 'Neri', email: `pia-door${n}@example.com`, prefisso: '+39', telefono: `34755500${String(n).padStart(2, '0')}`, privacy: true as const, marketing: true, marketingSms: false });
    const request = (n: number, urlName = URL_NAME) => ({ urlName, guest: guest(n), locale: 'en', partner: false, clientAddress: `203.0.113.${40 + n}` });

    it('shows a promotion alike, texts in every language, and an unknown or malformed one alike', async () => {
      const { direct, wire } = await doors();
      for (const name of [URL_NAME, 'nope', '', 'x'.repeat(200)]) expect(await direct.promotions.get(name)).toEqual(await wire.promotions.get(name));
      const page = await direct.promotions.get(URL_NAME);
      expect(page.status === 'ok' && page.data).toMatchObject({ urlName: URL_NAME, state: 'active', count: 200, title: { en: 'Complimentary aperitivo', de: expect.any(String) } });
      expect(await direct.promotions.get('nope')).toEqual({ status: 'notFound' });
    });

    it('issues, shows, looks up and redeems a code through either door alike, refusals included', async () => {
      const { direct, wire } = await doors();
      const issued = await direct.promotions.request(request(1));
      expect(issued).toMatchObject({ status: true, data: { id: expect.any(String), code: expect.any(String) } });
      if (!issued.status) return;
      // The same guest through the other door, and a promotion that does not exist, refused alike.
      expect(await wire.promotions.request(request(1))).toEqual({ status: false, error: 'duplicate', fieldErrors: {} });
      expect(await direct.promotions.request(request(1))).toEqual(await wire.promotions.request(request(1)));
      expect(await direct.promotions.request(request(2, 'nope'))).toEqual(await wire.promotions.request(request(2, 'nope')));
      expect(await direct.promotions.request(request(2, ' '))).toEqual(await wire.promotions.request(request(2, ' ')));
      const made = await wire.promotions.request(request(3));
      expect(Object.keys(made.status ? made.data : {})).toEqual(Object.keys(issued.data));

      const { id, code } = issued.data;
      for (const c of [{ urlName: URL_NAME, id }, { urlName: 'nope', id }, { urlName: URL_NAME, id: 'short' }, { urlName: URL_NAME, id: 'A'.repeat(22) }]) {
        expect(await direct.promotions.code(c)).toEqual(await wire.promotions.code(c));
      }
      expect(await direct.promotions.code({ urlName: URL_NAME, id })).toMatchObject({ status: true, data: { code, status: 'requested', usedAt: '', guest: '' } });
      for (const by of [{ id }, { code }, { code: code.toLowerCase() }, { code: 'ab' }, {}]) expect(await direct.promotions.lookup(by)).toEqual(await wire.promotions.lookup(by));
      expect(await direct.promotions.lookup({ code })).toMatchObject({ status: true, data: { guest: 'Pia Neri' } });
      for (const r of [{ urlName: URL_NAME, email: `pia-door1@example.com`, locale: 'en' }, { urlName: URL_NAME, email: 'x', locale: 'en' }, { urlName: '', email: 'a@b.it', locale: 'it' }]) {
        expect(await direct.promotions.resend(r)).toEqual(await wire.promotions.resend(r));
      }
      expect(await direct.promotions.resend({ urlName: URL_NAME, email: 'x', locale: 'en' })).toEqual({ status: false, error: 'invalid', fieldErrors: { email: 'emailInvalid' } });

      // Redeemed once: the first through the built-in door, the second through the wire (its first use's time), alike.
      const first = await direct.promotions.redeem({ id });
      expect(first).toMatchObject({ status: true, data: { result: 'used', code: { guest: '', status: 'used' } } });
      const again = await wire.promotions.redeem({ id });
      expect(await direct.promotions.redeem({ id })).toEqual(again);
      expect(again).toMatchObject({ status: true, data: { result: 'alreadyUsed', code: { usedAt: first.status ? first.data.code.usedAt : 'x' } } });
      for (const by of [{ id: 'A'.repeat(22) }, {}]) expect(await direct.promotions.redeem(by)).toEqual(await wire.promotions.redeem(by));
      // Past its day, a code is refused as expired alike.
      const other = made.status ? made.data.id : '';
      clock.pinClock(new Date(TEST_NOW.getTime() + 40 * 86_400_000));
      expect(await direct.promotions.redeem({ id: other })).toEqual({ status: false, error: 'expired', fieldErrors: {} });
      expect(await wire.promotions.redeem({ id: other })).toEqual({ status: false, error: 'expired', fieldErrors: {} });
      clock.pinClock(TEST_NOW);
    });
  });

  describe('loyalty', () => {
    const member = (email: string) => ({
      nome: 'Lia',
      cognome: 'Conti',
      email,
      prefisso: '+39',
      telefono: email.startsWith('lia1') ? '3475550101' : '3475550102',
      compleannoGiorno: 12,
      compleannoMese: 5,
      privacy: true as const,
      marketing: true as const,
      marketingSms: false,
    });
    const signUp = (email: string) => ({ member: member(email), locale: 'en', partner: false });

    it('signs a guest up once through either door, refusals alike, and answers a look-up alike', async () => {
      const { direct, wire } = await doors();
      expect(await direct.loyalty.subscribe(signUp('lia1@example.com'))).toEqual({ status: true, data: null });
      expect(await wire.loyalty.subscribe(signUp('LIA1@example.com'))).toEqual({ status: false, error: 'alreadyRegistered', fieldErrors: {} });
      expect(await direct.loyalty.subscribe(signUp('lia1@example.com'))).toEqual(await wire.loyalty.subscribe(signUp('lia1@example.com')));
      const { db: d, fidelityMembers, outbox, venues } = await db();
      expect(await d.select().from(fidelityMembers).where(eq(fidelityMembers.emailKey, 'lia1@example.com'))).toHaveLength(1);
      for (const email of ['lia1@example.com', 'nobody-door@example.com', 'nobody']) {
        expect(await direct.loyalty.lookup({ email, locale: 'en' })).toEqual(await wire.loyalty.lookup({ email, locale: 'en' }));
      }
      expect(await direct.loyalty.lookup({ email: 'nobody', locale: 'en' })).toMatchObject({ status: false, error: 'invalid', fieldErrors: { email: expect.any(String) } });
      // Each look-up e-mailed the address's owner: the member twice, the stranger twice.
      expect(await d.select().from(outbox).where(eq(outbox.template, 'fidelityLookup'))).toHaveLength(2);
      expect(await d.select().from(outbox).where(eq(outbox.template, 'fidelityNotMember'))).toHaveLength(2);
      // A venue without the programme refuses alike.
      const { forgetVenueContexts } = await import('@/server/venues/context');
      await d.update(venues).set({ fidelityEnabled: false }).where(eq(venues.isDefault, true));
      forgetVenueContexts();
      try {
        expect(await direct.loyalty.subscribe(signUp('lia2@example.com'))).toEqual({ status: false, error: 'disabled', fieldErrors: {} });
        expect(await wire.loyalty.subscribe(signUp('lia2@example.com'))).toEqual({ status: false, error: 'disabled', fieldErrors: {} });
      } finally {
        await d.update(venues).set({ fidelityEnabled: true }).where(eq(venues.isDefault, true));
        forgetVenueContexts();
      }
    });
  });
});
