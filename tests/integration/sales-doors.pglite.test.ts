import { eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';

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
    const client = createBackendClient(builtinTransport('localhost'), 'builtin');
    return { direct: { giftcards: sales.builtinGiftcards('localhost') }, wire: { giftcards: wireGiftcards(client) } };
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
});
