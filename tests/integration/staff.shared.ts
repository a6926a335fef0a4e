import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testMoment, TEST_NOW } from '../helpers/clock';

const form = (values: Record<string, string>) => new URLSearchParams(values);
const BACKEND_TOKEN = 'backend-token-for-staff-tests';

/** A contract request over HTTP, as a till sends it. */
const contract = (call: string, token: string, host: string, body: Record<string, string>) =>
  new Request(`http://127.0.0.1/backend/api/frontpage/${call}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-host': host, 'content-type': 'application/x-www-form-urlencoded' },
    body: form(body).toString(),
  });

const signInRequest = (token: unknown, { host = 'localhost:3000', address = '198.51.100.20', proto = 'http' } = {}) =>
  new NextRequest(`${proto}://${host}/api/staff/session`, {
    method: 'POST',
    headers: { host, 'content-type': 'application/json', 'x-forwarded-for': address, 'x-forwarded-proto': proto },
    body: JSON.stringify({ token }),
  });

/**
 * Issue 21, leaks 4 and 5: gift card redemption idempotent by reference, venue-side calls
 * scoped to the venue's own credential, and staff sessions kept by the server.
 */
export function describeStaff(driver: Driver) {
  describe(`venue credentials and staff sessions on ${driver}`, () => {

    beforeAll(() => {
      process.env.BACKEND_TOKEN = BACKEND_TOKEN;
      delete process.env.STRIPE_SECRET_KEY;
      delete process.env.STAFF_SESSION_HOURS;
      for (const key of Object.keys(process.env)) if (key.startsWith('LIMIT_')) delete process.env[key];
    });
    useSiteDatabase(driver);
    beforeAll(async () => {
      const { getDb } = await import('@/server/db/client');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { importVenue, readVenueFile } = await import('@/server/venues/import');
      const db = await getDb();
      await importVenue(db, { ...readVenueFile(DEMO_VENUE_FILE), slug: 'other', name: 'Osteria Altra', hosts: ['other.localhost'], default: false });
    });

    afterAll(() => {
      delete process.env.BACKEND_TOKEN;
    });

    const db = async () => (await import('@/server/db/client')).getDb();
    const call = async (name: string, params: URLSearchParams, venueKey = 'localhost') => (await import('@/server/backend/dispatch')).dispatch(name, venueKey, params);
    /** The built-in backend over HTTP: the route's own check, then its dispatch. */
    const overHttp = async (request: Request, call: string) => {
      const { readContractRequest } = await import('@/server/backend/http');
      const { dispatch } = await import('@/server/backend/dispatch');
      const read = await readContractRequest(request, call);
      if ('response' in read) return { httpStatus: read.response.status, body: (await read.response.json()) as { error?: string; data?: Record<string, unknown> } };
      return dispatch(read.call, read.venueKey, read.params) as Promise<{ httpStatus: number; body: { error?: string; data?: Record<string, unknown> } }>;
    };

    /** A paid €50 card of the default venue, through the local test provider. */
    const paidCard = async () => {
      const started = await call(
        'giftcard/checkout',
        form({
          id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.com', prefix: '+39', mobile: '347 123 4567',
          birthDate: '12/05/1985', city: 'Firenze', country: 'Italia', province: 'FI', cap: '50100', recipient: 'me', paymentMethod: 'card',
          privacy: '1', marketing: '0', language: 'en', siteBase: 'http://localhost:3000/en', remoteIp: '203.0.113.7',
        }),
      );
      expect(started.httpStatus).toBe(200);
      const { fingerprint } = started.body.data as { fingerprint: string };
      const { giftCardOrders, issuedGiftCards } = await import('@/server/db/schema');
      const [order] = await (await db()).select().from(giftCardOrders).where(eq(giftCardOrders.fingerprint, fingerprint));
      const { localCheckout } = await import('@/server/payments/checkout');
      const { getDb } = await import('@/server/db/client');
      await localCheckout(getDb).pay(order.paymentReference!, '4242424242424242');
      expect(await call('giftcard/create', form({ fingerprint }))).toMatchObject({ body: { data: { status: 'paid' } } });
      const [card] = await (await db()).select().from(issuedGiftCards).where(eq(issuedGiftCards.orderId, order.id));
      return card;
    };

    it('a till retrying a redemption with the same reference takes the amount once: 20 concurrent retries, one deduction, the first result', async () => {
      const card = await paidCard();
      const retries = await Promise.all(Array.from({ length: 20 }, () => call('giftcard/redeem', form({ code: card.code, amount: '1250', reference: 'till-1/receipt-77', test: '1' }))));
      expect(retries.every((r) => r.httpStatus === 200)).toBe(true);
      expect(retries.map((r) => (r.body.data as { balance: number }).balance)).toEqual(Array(20).fill(3750));
      expect(retries.filter((r) => !(r.body.data as { replayed: boolean }).replayed)).toHaveLength(1);

      const { giftCardRedemptions, issuedGiftCards } = await import('@/server/db/schema');
      const rows = await (await db()).select().from(giftCardRedemptions).where(eq(giftCardRedemptions.cardId, card.id));
      expect(rows).toHaveLength(1);
      // A later redemption under another reference takes again; the first reference still answers its own result.
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '1000', reference: 'till-1/receipt-78', test: '1' }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 2750, replayed: false } } });
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '1250', reference: 'till-1/receipt-77', test: '1' }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 3750, redeemed: 1250, replayed: true } } });
      // The same reference with another amount is no retry (issue 41): refused, nothing taken.
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '1300', reference: 'till-1/receipt-77', test: '1' }))).toMatchObject({ httpStatus: 409, body: { error: 'referenceReused', fieldErrors: { reference: 'referenceReused' } } });
      // A refused redemption keeps no reference: the same reference with an amount that fits is a new attempt.
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '9000', reference: 'till-2/receipt-1', test: '1' }))).toMatchObject({ httpStatus: 409, body: { error: 'insufficientBalance' } });
      expect(await call('giftcard/redeem', form({ code: card.code, amount: '750', reference: 'till-2/receipt-1', test: '1' }))).toMatchObject({ httpStatus: 200, body: { data: { balance: 2000, replayed: false } } });
      const [after] = await (await db()).select().from(issuedGiftCards).where(eq(issuedGiftCards.id, card.id));
      expect(after.balanceCents).toBe(2000);
    });

    it('venue-side calls take only the venue\'s own credential: never the backend token, never another venue\'s, never a rotated one', async () => {
      const card = await paidCard();
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const mine = (await rotateVenueCredential(await db(), 'localhost')).token;
      const other = (await rotateVenueCredential(await db(), 'other.localhost')).token;
      expect(mine).not.toBe(other);

      const redeem = (token: string, host: string, reference: string) => overHttp(contract('giftcard/redeem', token, host, { code: card.code, amount: '500', reference, test: '1' }), 'giftcard/redeem');
      expect(await redeem(BACKEND_TOKEN, 'localhost', 'a')).toMatchObject({ httpStatus: 403, body: { error: 'venueCredentialRequired' } });
      expect(await redeem(other, 'localhost', 'b')).toMatchObject({ httpStatus: 403, body: { error: 'wrongVenue' } });
      expect(await redeem('made-up', 'localhost', 'c')).toMatchObject({ httpStatus: 401, body: { error: 'unauthorized' } });
      for (const call of ['giftcard/lookup', 'promo/lookup', 'promo/redeem']) {
        expect((await overHttp(contract(call, other, 'localhost', { code: card.code }), call)).httpStatus).toBe(403);
        expect((await overHttp(contract(call, BACKEND_TOKEN, 'localhost', { code: card.code }), call)).httpStatus).toBe(403);
      }
      // The other venue's credential opens only its own venue, where this card does not exist.
      expect(await overHttp(contract('giftcard/lookup', other, 'other.localhost', { code: card.code }), 'giftcard/lookup')).toMatchObject({ httpStatus: 404 });
      // The venue's own credential, on any of its hosts.
      expect(await redeem(mine, 'localhost', 'd')).toMatchObject({ httpStatus: 200, body: { data: { balance: 4500 } } });
      expect(await redeem(mine, 'demo.localhost', 'e')).toMatchObject({ httpStatus: 200, body: { data: { balance: 4000 } } });
      // The guest-side calls still take the backend token, and never the venue's credential.
      expect((await overHttp(contract('location/getlocation', BACKEND_TOKEN, 'localhost', {}), 'location/getlocation')).httpStatus).toBe(200);
      expect((await overHttp(contract('location/getlocation', mine, 'localhost', {}), 'location/getlocation')).httpStatus).toBe(401);

      const rotated = (await rotateVenueCredential(await db(), 'localhost')).token;
      expect(await redeem(mine, 'localhost', 'f')).toMatchObject({ httpStatus: 401 });
      expect(await redeem(rotated, 'localhost', 'f')).toMatchObject({ httpStatus: 200, body: { data: { balance: 3500 } } });
      const { venueCredentials } = await import('@/server/db/schema');
      const stored = await (await db()).select().from(venueCredentials);
      expect(stored.map((r) => r.tokenHash)).not.toContain(rotated);
    });

    it('staff sessions: a random id in a strict cookie, kept by the server, expiring after the setting, signed out per device and all at once on rotation', async () => {
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const { staffSessionFor, STAFF_COOKIE } = await import('@/server/staff/sessions');
      const { handleStaffSignIn, handleStaffSignOut } = await import('@/server/staff/http');
      const token = (await rotateVenueCredential(await db(), 'localhost')).token;
      const otherToken = (await rotateVenueCredential(await db(), 'other.localhost')).token;

      expect((await handleStaffSignIn(signInRequest('wrong'))).status).toBe(401);
      expect((await handleStaffSignIn(signInRequest(otherToken))).status).toBe(401);
      const signedIn = await handleStaffSignIn(signInRequest(token, { proto: 'https', address: '198.51.100.21' }));
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers.get('set-cookie')!;
      expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]{22}; Path=/; Max-Age=43200; HttpOnly; SameSite=Strict; Secure$`));
      expect((await handleStaffSignIn(signInRequest(token, { address: '198.51.100.21' }))).headers.get('set-cookie')).not.toContain('Secure');
      const id = /=([^;]+)/.exec(cookie)![1];
      expect(cookie).not.toContain(token);

      expect(await staffSessionFor(await db(), 'localhost', id)).not.toBeNull();
      expect(await staffSessionFor(await db(), 'demo.localhost', id)).not.toBeNull();
      expect(await staffSessionFor(await db(), 'other.localhost', id)).toBeNull();
      expect(await staffSessionFor(await db(), 'localhost', 'x'.repeat(22))).toBeNull();
      const { staffSessions } = await import('@/server/db/schema');
      expect((await (await db()).select().from(staffSessions)).map((r) => r.idHash)).not.toContain(id);

      // Expiry is the server's: 12 hours by default, a copied cookie included.
      await pinTestClock(testMoment(12 * 60 - 1));
      expect(await staffSessionFor(await db(), 'localhost', id)).not.toBeNull();
      await pinTestClock(testMoment(12 * 60));
      expect(await staffSessionFor(await db(), 'localhost', id)).toBeNull();
      await pinTestClock(TEST_NOW);
      process.env.STAFF_SESSION_HOURS = '2';
      try {
        const short = await handleStaffSignIn(signInRequest(token, { address: '198.51.100.22' }));
        expect(short.headers.get('set-cookie')).toContain('Max-Age=7200;');
        const shortId = /=([^;]+)/.exec(short.headers.get('set-cookie')!)![1];
        await pinTestClock(testMoment(121));
        expect(await staffSessionFor(await db(), 'localhost', shortId)).toBeNull();
      } finally {
        delete process.env.STAFF_SESSION_HOURS;
        await pinTestClock(TEST_NOW);
      }

      // "Sign out this device": only this one.
      const second = await handleStaffSignIn(signInRequest(token, { address: '198.51.100.23' }));
      const secondId = /=([^;]+)/.exec(second.headers.get('set-cookie')!)![1];
      const out = await handleStaffSignOut(new NextRequest('http://localhost:3000/api/staff/session', { method: 'DELETE', headers: { host: 'localhost:3000', cookie: `${STAFF_COOKIE}=${secondId}` } }));
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect(await staffSessionFor(await db(), 'localhost', secondId)).toBeNull();
      expect(await staffSessionFor(await db(), 'localhost', id)).not.toBeNull();

      // A new credential signs every device of the venue out, and only of this venue.
      const otherSession = /=([^;]+)/.exec((await handleStaffSignIn(signInRequest(otherToken, { host: 'other.localhost', address: '198.51.100.24' }))).headers.get('set-cookie')!)![1];
      await rotateVenueCredential(await db(), 'localhost');
      expect(await staffSessionFor(await db(), 'localhost', id)).toBeNull();
      expect(await staffSessionFor(await db(), 'other.localhost', otherSession)).not.toBeNull();
      expect((await handleStaffSignIn(signInRequest(token, { address: '198.51.100.25' }))).status).toBe(401);
    });

    it('limits sign-in attempts per address (staffSignIn), with a 429 and Retry-After', async () => {
      const { handleStaffSignIn } = await import('@/server/staff/http');
      const { LIMITS } = await import('@/server/limits/config');
      const statuses: number[] = [];
      for (let i = 0; i < LIMITS.staffSignIn.count + 1; i++) statuses.push((await handleStaffSignIn(signInRequest(`guess-${i}`, { address: '203.0.113.99' }))).status);
      expect(statuses.slice(0, LIMITS.staffSignIn.count).every((s) => s === 401)).toBe(true);
      const refused = await handleStaffSignIn(signInRequest('guess', { address: '203.0.113.99' }));
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await handleStaffSignIn(signInRequest('guess', { address: '203.0.113.100' }))).status).toBe(401);
    });

    it('the promo redemption call needs a live staff session of the venue', async () => {
      const { handleRedeem } = await import('@/server/promo/http');
      const { rotateVenueCredential } = await import('@/server/staff/credentials');
      const { handleStaffSignIn } = await import('@/server/staff/http');
      const { redeemSignature } = await import('@/server/promo/staff');
      const { STAFF_COOKIE } = await import('@/server/staff/sessions');
      const redeem = (cookie: string, host = 'localhost:3000') =>
        handleRedeem(new NextRequest(`http://${host}/api/promo/redeem`, { method: 'POST', headers: { host, 'content-type': 'application/json', cookie: `${STAFF_COOKIE}=${cookie}` }, body: JSON.stringify({ id: 'a'.repeat(22), s: redeemSignature('localhost', 'a'.repeat(22)) }) }));
      expect((await redeem('x'.repeat(22))).status).toBe(401);
      const token = (await rotateVenueCredential(await db(), 'localhost')).token;
      const id = /=([^;]+)/.exec((await handleStaffSignIn(signInRequest(token, { address: '198.51.100.30' }))).headers.get('set-cookie')!)![1];
      // Signed in: past the session check (the made-up code is then not found).
      expect((await redeem(id)).status).toBe(404);
      expect((await redeem(id, 'other.localhost')).status).toBe(401);
    });
  });
}
