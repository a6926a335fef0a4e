import { and, eq } from 'drizzle-orm';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testMoment, TEST_NOW } from '../helpers/clock';

const URL_NAME = 'aperitivo-omaggio';
let guestNo = 0;
/** A guest no other request of this file has used: own e-mail, own phone, own address. */
const guest = (extra: Record<string, string> = {}) => {
  const n = ++guestNo;
  return new URLSearchParams({
    urlName: URL_NAME,
    nome: 'Anna',
    cognome: 'Rossi',
    email: `guest${n}@example.com`,
    prefisso: '+39',
    telefono: `347 ${String(1_000_000 + n).slice(0, 3)} ${String(1_000_000 + n).slice(3)}`,
    privacy: '1',
    marketing: '1',
    language: 'en',
    remoteIp: `10.1.${Math.floor(n / 200)}.${n % 200}`,
    ...extra,
  });
};

/** The promotion calls of the built-in backend: the count, one code per guest, the states, redemption. */
export function describePromo(driver: Driver) {
  describe(`promotions on ${driver}`, () => {
    let clock: Awaited<ReturnType<typeof pinTestClock>>;

    useSiteDatabase(driver);
    beforeAll(async () => {
      clock = await pinTestClock();
      await setPromotion({ startsAt: testMoment(-24 * 60), endsAt: testMoment(10 * 24 * 60), validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10), quantity: 200, active: true });
    });

    afterEach(() => clock.pinClock(TEST_NOW));

    const call = async (name: string, params: URLSearchParams | Record<string, string>) => {
      const { dispatch } = await import('@/server/backend/dispatch');
      return dispatch(name, 'localhost', params instanceof URLSearchParams ? params : new URLSearchParams(params));
    };
    const tables = async () => {
      const { getDb } = await import('@/server/db/client');
      const schema = await import('@/server/db/schema');
      return { db: await getDb(), ...schema };
    };
    async function setPromotion(values: Partial<{ startsAt: Date; endsAt: Date; validUntil: string; quantity: number; active: boolean }>) {
      const { db, promotions } = await tables();
      await db.update(promotions).set(values).where(eq(promotions.urlName, URL_NAME));
    }
    const issued = async () => {
      const { db, promoCodes } = await tables();
      return db.$count(promoCodes);
    };
    const outcome = (r: Awaited<ReturnType<typeof call>>) => (r.body.status ? 'success' : String(r.body.error));

    it('answers the page data with the count, the remaining codes and the state', async () => {
      const r = await call('promo/getpromo', { urlName: URL_NAME });
      expect(r.httpStatus).toBe(200);
      expect(r.body.data).toMatchObject({ urlName: URL_NAME, count: 200, remaining: 200, state: 'active', validUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
      expect((await call('promo/getpromo', { urlName: 'no-such-promo' })).body).toEqual({ status: false, error: 'notFound' });
    });

    it('issues a code with a 128-bit id, stores the consents and queues the e-mail with the code and its link', async () => {
      const r = await call('promo/request', guest({ email: 'Maria.Bianchi@Example.com', marketing: '1' }));
      expect(r.httpStatus).toBe(200);
      const { id, code } = r.body.data as { id: string; code: string };
      expect(Buffer.from(id, 'base64url')).toHaveLength(16);
      expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
      const { db, promoCodes, outbox } = await tables();
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.publicId, id));
      // Stored as typed, compared by its inbox.
      expect(row).toMatchObject({ email: 'Maria.Bianchi@Example.com', emailKey: 'maria.bianchi@example.com', phoneKey: expect.stringMatching(/^\+39347\d{7}$/), locale: 'en', usedAt: null, policyVersion: '2026-01' });
      expect(row.marketingAcceptedAt).not.toBeNull();
      expect(row.requestedAt.getTime()).toBe(TEST_NOW.getTime());
      const [mail] = await db.select().from(outbox).where(and(eq(outbox.template, 'promoCode'), eq(outbox.recipient, 'Maria.Bianchi@Example.com')));
      expect(mail.bodyText).toContain(code);
      expect(mail.bodyText).toContain(`/en/frontpage/promo/${URL_NAME}/${id}`);
      const page = await call('promo/getcode', { urlName: URL_NAME, id });
      expect(page.body.data).toMatchObject({ id, code, status: 'requested', usedAt: '', requestedAt: TEST_NOW.toISOString() });
      expect((await call('promo/getcode', { urlName: 'other', id })).httpStatus).toBe(404);
      expect((await call('promo/getpromo', { urlName: URL_NAME })).body.data).toMatchObject({ remaining: 199 });
    });

    it('gives one code per guest: the same e-mail in any case, or the same phone written otherwise, is a duplicate', async () => {
      const first = guest({ email: 'dup@example.com', telefono: '333 765 4321' });
      expect(outcome(await call('promo/request', first))).toBe('success');
      const before = await issued();
      expect(outcome(await call('promo/request', guest({ email: 'DUP@example.com ' })))).toBe('duplicate');
      expect(outcome(await call('promo/request', guest({ telefono: '3337654321' })))).toBe('duplicate');
      expect(await issued()).toBe(before);
    });

    it('gives one code per phone compared as E.164 and per inbox, whatever the spelling (issue 22)', async () => {
      // The attacks: the UK trunk 0 after +44, the NANP 1 after +1, each with a plus-addressed e-mail.
      for (const [[prefisso, first], second] of [
        [['+44', '7911 122210'], '07911 122210'],
        [['+1', '2015552808'], '1 2015552808'],
      ] as const) {
        const n = ++guestNo;
        expect(outcome(await call('promo/request', guest({ prefisso, telefono: first, email: `phone${n}@example.com` })))).toBe('success');
        const before = await issued();
        expect(outcome(await call('promo/request', guest({ prefisso, telefono: second, email: `phone${n}+again@example.com` })))).toBe('duplicate');
        expect(outcome(await call('promo/request', guest({ prefisso, telefono: second })))).toBe('duplicate');
        expect(await issued()).toBe(before);
      }
      // One gmail inbox by any of its spellings.
      expect(outcome(await call('promo/request', guest({ email: 'v.inbox@gmail.com' })))).toBe('success');
      const before = await issued();
      for (const email of ['vinbox@gmail.com', 'V.Inbox+1@GoogleMail.com', 'v.i.n.b.o.x+promo@gmail.com']) expect(outcome(await call('promo/request', guest({ email })))).toBe('duplicate');
      expect(await issued()).toBe(before);
      const { db, promoCodes } = await tables();
      const [row] = await db.select().from(promoCodes).where(eq(promoCodes.email, 'v.inbox@gmail.com'));
      expect(row.emailKey).toBe('vinbox@gmail.com');
    });

    it('sends a code again, only to the address it was issued to, answering the same for an address without one', async () => {
      const { db, outbox } = await tables();
      expect(outcome(await call('promo/request', guest({ email: 'again@example.com' })))).toBe('success');
      const mailsTo = async (to: string) => (await db.select().from(outbox).where(and(eq(outbox.template, 'promoCode'), eq(outbox.recipient, to)))).length;
      expect(await mailsTo('again@example.com')).toBe(1);
      const resent = await call('promo/resend', { urlName: URL_NAME, email: ' AGAIN@example.com', language: 'fr' });
      expect(resent.body).toMatchObject({ status: true, data: { sent: true } });
      expect(await mailsTo('again@example.com')).toBe(2);
      const [copy] = await db.select().from(outbox).where(and(eq(outbox.template, 'promoCode'), eq(outbox.recipient, 'again@example.com'), eq(outbox.locale, 'fr')));
      expect(copy).toBeDefined();
      // An address with no code gets the same answer and no e-mail; a promotion that does not exist neither.
      expect((await call('promo/resend', { urlName: URL_NAME, email: 'nobody@example.com' })).body).toMatchObject({ status: true, data: { sent: true } });
      expect(await mailsTo('nobody@example.com')).toBe(0);
      expect((await call('promo/resend', { urlName: URL_NAME, email: '' })).httpStatus).toBe(400);
    });

    it('hands out exactly the last 5 codes to 100 concurrent guests, and one code to 20 concurrent copies of one guest', async () => {
      const already = await issued();
      await setPromotion({ quantity: already + 5 });
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: 100 }, () => call('promo/request', guest())));
      const elapsed = Math.round(performance.now() - started);
      const outcomes = results.map(outcome);
      expect(outcomes.filter((o) => o === 'success')).toHaveLength(5);
      expect(outcomes.filter((o) => o === 'terminated')).toHaveLength(95);
      expect(await issued()).toBe(already + 5);
      expect((await call('promo/getpromo', { urlName: URL_NAME })).body.data).toMatchObject({ remaining: 0, state: 'terminated' });
      // The figure for the closing note.
      console.log(`promo concurrency on ${driver}: 100 requests for the last 5 codes in ${elapsed} ms: 5 issued, 95 refused`);

      await setPromotion({ quantity: already + 100 });
      const same = guest();
      const copies = await Promise.all(Array.from({ length: 20 }, (_, i) => call('promo/request', new URLSearchParams({ ...Object.fromEntries(same), remoteIp: `10.9.9.${i}` }))));
      expect(copies.map(outcome).sort()).toEqual([...Array(19).fill('duplicate'), 'success']);
      expect(await issued()).toBe(already + 6);
    });

    it('refuses requests before the start, after the end, after the valid-until day and when disabled', async () => {
      await setPromotion({ startsAt: testMoment(60), endsAt: testMoment(120) });
      expect(outcome(await call('promo/request', guest()))).toBe('inactive');
      expect((await call('promo/getpromo', { urlName: URL_NAME })).body.data).toMatchObject({ state: 'inactive' });
      clock.pinClock(testMoment(120));
      expect(outcome(await call('promo/request', guest()))).toBe('terminated');
      await setPromotion({ startsAt: testMoment(-120), endsAt: testMoment(-60), validUntil: new Date(TEST_NOW.getTime() - 3 * 86_400_000).toISOString().slice(0, 10) });
      clock.pinClock(TEST_NOW);
      expect(outcome(await call('promo/request', guest()))).toBe('expired');
      await setPromotion({ startsAt: testMoment(-60), endsAt: testMoment(24 * 60), validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10), active: false });
      const before = await issued();
      expect(outcome(await call('promo/request', guest()))).toBe('disabled');
      expect((await call('promo/getpromo', { urlName: URL_NAME })).body.data).toMatchObject({ state: 'disabled' });
      expect(await issued()).toBe(before);
      await setPromotion({ active: true });
      expect(outcome(await call('promo/request', guest()))).toBe('success');
    });

    it('refuses bad input with a 400 and the field errors', async () => {
      const bad = await call('promo/request', guest({ email: 'nope', telefono: '12', privacy: '0' }));
      expect(bad.httpStatus).toBe(400);
      expect(bad.body).toMatchObject({ error: 'invalid', fieldErrors: { email: 'emailInvalid', telefono: 'phoneInvalid', privacy: 'privacyRequired' } });
    });

    it('redeems a code once: a second redemption, also concurrent ones, is refused with the first use time', async () => {
      const { id, code } = (await call('promo/request', guest())).body.data as { id: string; code: string };
      const looked = await call('promo/lookup', { code: code.toLowerCase().replace('-', ' ') });
      expect(looked.body.data).toMatchObject({ id, status: 'requested', guest: 'Anna Rossi' });
      clock.pinClock(testMoment(30));
      const tries = await Promise.all(Array.from({ length: 10 }, () => call('promo/redeem', { id })));
      const used = tries.filter((t) => t.httpStatus === 200);
      expect(used).toHaveLength(1);
      expect(used[0].body.data).toMatchObject({ result: 'used', code: { usedAt: testMoment(30).toISOString(), status: 'used' } });
      clock.pinClock(testMoment(90));
      const again = await call('promo/redeem', { code });
      expect(again.httpStatus).toBe(409);
      expect(again.body.data).toMatchObject({ result: 'alreadyUsed', code: { usedAt: testMoment(30).toISOString() } });
      expect((await call('promo/getcode', { urlName: URL_NAME, id })).body.data).toMatchObject({ status: 'used', usedAt: testMoment(30).toISOString() });
      expect((await call('promo/redeem', { id: 'A'.repeat(22) })).httpStatus).toBe(404);
    });

    it('reads every answer through the contract schemas of the typed client (as the site does, built-in or legacy)', async () => {
      const { createBackendClient } = await import('@/lib/backend/client');
      const { builtinTransport } = await import('@/server/backend/builtin');
      const backend = createBackendClient(builtinTransport('localhost'), 'builtin');
      const page = await backend.getPromo(URL_NAME);
      expect(page.status === 'ok' && page.data).toMatchObject({ urlName: URL_NAME, state: 'active', title: { en: 'Complimentary aperitivo' } });
      expect(await backend.getPromo('no-such-promo')).toEqual({ status: 'notFound' });
      const requested = await backend.promo('promo/request', Object.fromEntries(guest()));
      if (!requested.status) throw new Error(requested.error);
      const shown = await backend.promo('promo/getcode', { urlName: URL_NAME, id: requested.data.id });
      expect(shown.status && shown.data).toMatchObject({ code: requested.data.code, status: 'requested', usedAt: '', guest: '' });
      const looked = await backend.promo('promo/lookup', { code: requested.data.code });
      expect(looked.status && looked.data.guest).toBe('Anna Rossi');
      const first = await backend.promo('promo/redeem', { id: requested.data.id });
      const second = await backend.promo('promo/redeem', { id: requested.data.id });
      expect(first.status && first.data.result).toBe('used');
      expect(second.status && second.data).toMatchObject({ result: 'alreadyUsed', code: { usedAt: first.status ? first.data.code.usedAt : 'x' } });
      const duplicate = await backend.promo('promo/request', { ...Object.fromEntries(guest()), email: 'dup@example.com' });
      expect(duplicate).toEqual({ status: false, error: 'duplicate', fieldErrors: {} });
    });

    it('refuses to redeem a code after its valid-until day', async () => {
      const { id } = (await call('promo/request', guest())).body.data as { id: string };
      await setPromotion({ validUntil: new Date(TEST_NOW.getTime() - 86_400_000).toISOString().slice(0, 10) });
      try {
        const r = await call('promo/redeem', { id });
        expect(r.body).toEqual({ status: false, error: 'expired' });
        expect((await call('promo/getcode', { urlName: URL_NAME, id })).body.data).toMatchObject({ status: 'expired' });
      } finally {
        await setPromotion({ validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10) });
      }
    });
  });
}
