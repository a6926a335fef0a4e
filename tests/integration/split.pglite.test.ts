import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { useSiteDatabase } from '../helpers/databases';
import { testMoment, TEST_NOW } from '../helpers/clock';

/**
 * A split set-up (issue 30): site A is a front of site B (`BACKEND_URL`), B a copy on its
 * built-in backend. B, called over HTTP, names its own pages on its public origin and links its
 * e-mails to the front's origin; A holds no data and refuses a backend's doors; B tells its
 * fronts (FRONT_URLS) to refresh after a venue change.
 */
const TOKEN = 'split-backend-token';
const ADMIN = 'split-admin-token';
const B = 'http://localhost:3965';
const A = 'http://localhost:3703';

/** A real HTTP server that records what it is sent and answers 200. */
async function recorder() {
  const seen: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: true, data: { locationname: 'Elsewhere' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('split set-up: a front and its built-in backend', () => {
  beforeAll(() => {
    process.env.BACKEND_TOKEN = TOKEN;
    process.env.ADMIN_TOKEN = ADMIN;
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.SITE_URL;
  });
  useSiteDatabase('pglite');
  beforeAll(async () => {
    const { getDb } = await import('@/server/db/client');
    const { promotions } = await import('@/server/db/schema');
    const db = await getDb();
    await db.update(promotions).set({ startsAt: testMoment(-24 * 60), endsAt: testMoment(10 * 24 * 60), validUntil: new Date(TEST_NOW.getTime() + 30 * 86_400_000).toISOString().slice(0, 10), quantity: 50, active: true });
  });

  afterEach(() => {
    delete process.env.BACKEND_URL;
    delete process.env.FRONT_URLS;
  });

  /** A contract call to B's HTTP route, as a front sends it. */
  const contract = async (call: string, params: Record<string, string>, headers: Record<string, string> = {}) => {
    const { POST } = await import('@/app/backend/api/frontpage/[...call]/route');
    const request = new Request(`${B}/backend/api/frontpage/${call}`, {
      method: 'POST',
      headers: { host: 'localhost:3965', 'content-type': 'application/x-www-form-urlencoded', authorization: `Bearer ${TOKEN}`, 'x-forwarded-host': 'localhost', 'x-frontpage-origin': A, ...headers },
      body: new URLSearchParams(params).toString(),
    });
    const response = await POST(request, { params: Promise.resolve({ call: call.split('/') }) });
    return { status: response.status, body: (await response.json()) as { status: boolean; data?: Record<string, string>; error?: string; message?: string } };
  };
  const buyer = {
    id: 'buono-50', quantity: '1', firstName: 'Anna', lastName: 'Rossi', email: 'anna@example.com', prefix: '+39', mobile: '347 123 4567', birthDate: '12/05/1985',
    city: 'Firenze', country: 'Italia', province: 'FI', cap: '50100', recipient: 'me', paymentMethod: 'card', privacy: '1', marketing: '0', language: 'en', siteBase: `${A}/en`, remoteIp: '203.0.113.7',
  };
  const promoGuest = (email: string, telefono: string) => ({ urlName: 'aperitivo-omaggio', nome: 'Anna', cognome: 'Rossi', email, prefisso: '+39', telefono, privacy: '1', marketing: '1', language: 'en', remoteIp: '10.3.0.1' });

  it('answers the payment URL on its own origin over HTTP, and a relative one in-process', async () => {
    const started = await contract('giftcard/checkout', buyer);
    expect(started.status).toBe(200);
    expect(started.body.data!.url).toMatch(new RegExp(`^${B}/api/payments/testpay/lcs_[a-f0-9]{32}$`));
    const payment = await contract('giftcard/payment', { fingerprint: started.body.data!.fingerprint });
    expect(payment.body.data).toMatchObject({ provider: 'testpay', status: 'pending', url: started.body.data!.url });
    const { dispatch } = await import('@/server/backend/dispatch');
    const inProcess = await dispatch('giftcard/payment', 'localhost', new URLSearchParams({ fingerprint: started.body.data!.fingerprint }));
    expect((inProcess.body.data as { url: string }).url).toBe(new URL(started.body.data!.url).pathname);

    // BACKEND_PUBLIC_URL names B's public origin when fronts reach it by another address.
    process.env.BACKEND_PUBLIC_URL = 'https://pay.example.com';
    try {
      expect((await contract('giftcard/payment', { fingerprint: started.body.data!.fingerprint })).body.data!.url).toMatch(/^https:\/\/pay\.example\.com\/api\/payments\/testpay\/lcs_/);
    } finally {
      delete process.env.BACKEND_PUBLIC_URL;
    }

    // The test page lets its form go back to the front's return pages (CSP form-action).
    const { showTestPayment } = await import('@/server/giftcards/testpay');
    const page = await showTestPayment(new URL(started.body.data!.url).pathname.split('/').pop()!, 'en');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`form-action 'self' ${A}`);
  });

  it("links the e-mails it queues to the front's origin, never to its own address", async () => {
    const { getDb } = await import('@/server/db/client');
    const { outbox } = await import('@/server/db/schema');
    const db = await getDb();
    const mailTo = async (to: string) => (await db.select().from(outbox).where(and(eq(outbox.template, 'promoCode'), eq(outbox.recipient, to))))[0];

    const viaFront = await contract('promo/request', promoGuest('front@example.com', '347 123 4567'));
    expect(viaFront.body).toMatchObject({ status: true });
    const mail = await mailTo('front@example.com');
    expect(mail.bodyText).toContain(`${A}/en/frontpage/promo/aperitivo-omaggio/${viaFront.body.data!.id}`);
    expect(mail.bodyHtml).toContain(`${A}/en/frontpage/promo/`);
    expect(`${mail.bodyText}${mail.bodyHtml}`).not.toContain('localhost:3965');

    // Anything but a bare origin is ignored: the venue's own host is used instead.
    const forged = await contract('promo/request', promoGuest('forged@example.com', '347 765 4321'), { 'x-frontpage-origin': 'http://evil.example/x?y' });
    expect(forged.status).toBe(200);
    const plain = await mailTo('forged@example.com');
    expect(plain.bodyText).not.toContain('evil.example');
    expect(plain.bodyText).toContain(`http://localhost:${process.env.PORT || 3000}/en/frontpage/promo/`);
  });

  it('as a front (BACKEND_URL set) holds no data: no seed, the contract, admin API and webhooks refused with where they belong', async () => {
    process.env.BACKEND_URL = `${B}/`;
    const { config } = await import('@/server/runtime/config');
    expect(config.seedDemo).toBe(false);

    const refused = await contract('giftcard/lookup', { code: 'AAAA-BBBB-CCCC-DDDD' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ status: false, error: 'front' });
    expect(refused.body.message).toContain(`front of ${B}`);
    expect(refused.body.message).toContain(`${B}/backend/api/frontpage/giftcard/lookup`);
    expect((await contract('giftcard/lookup', {}, { authorization: 'Bearer wrong' })).status).toBe(401);

    const { POST: admin } = await import('@/app/api/admin/venues/route');
    const imported = await admin(new Request(`${A}/api/admin/venues`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: '{}' }));
    expect(imported.status).toBe(409);
    expect(((await imported.json()) as { message: string }).message).toContain(`${B}/api/admin/venues`);
    expect((await admin(new Request(`${A}/api/admin/venues`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))).status).toBe(401);

    const { POST: webhook } = await import('@/app/api/payments/webhook/route');
    const hook = await webhook(new Request(`${A}/api/payments/webhook`, { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x', 'content-type': 'application/json' }, body: JSON.stringify({ type: 'checkout.session.completed' }) }));
    expect(hook.status).toBe(409);
    expect(((await hook.json()) as { message: string }).message).toContain(`Send payment webhooks to ${B}/api/payments/webhook`);

    const { showTestPayment } = await import('@/server/giftcards/testpay');
    const moved = await showTestPayment('lcs_0123456789abcdef0123456789abcdef', 'en');
    expect([moved.status, moved.headers.get('location')]).toEqual([307, `${B}/api/payments/testpay/lcs_0123456789abcdef0123456789abcdef`]);

    const { backendPageUrl } = await import('@/server/backend');
    expect(backendPageUrl('/api/payments/testpay/lcs_1')).toBe(`${B}/api/payments/testpay/lcs_1`);
    expect(backendPageUrl('https://checkout.stripe.com/c/pay/cs_1')).toBe('https://checkout.stripe.com/c/pay/cs_1');
  });

  it("as a front tells its backend its guest-facing origin with every call", async () => {
    const backend = await recorder();
    try {
      process.env.BACKEND_URL = backend.url;
      const { backendFor } = await import('@/server/backend');
      await backendFor('localhost').getLocation();
      expect(backend.seen[0].url).toBe('/backend/api/frontpage/location/getlocation');
      expect(backend.seen[0].headers['x-frontpage-origin']).toBe(`http://localhost:${process.env.PORT || 3000}`);
      expect(backend.seen[0].headers['x-forwarded-host']).toBe('localhost');
    } finally {
      await backend.close();
    }
  });

  it("calls each front's revalidation after a venue import; a front that is down holds nothing up", async () => {
    const front = await recorder();
    const down = await recorder();
    await down.close();
    try {
      const { notifyFronts } = await import('@/server/venues/fronts');
      expect(await notifyFronts(['localhost', 'demo.localhost'], [front.url, down.url])).toEqual([front.url]);
      expect(front.seen).toHaveLength(1);
      expect(front.seen[0]).toMatchObject({ url: '/api/revalidate', body: JSON.stringify({ hosts: ['localhost', 'demo.localhost'] }) });
      expect(front.seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`);

      // The admin import on the backend notifies FRONT_URLS.
      process.env.FRONT_URLS = `${front.url}/, not a url`;
      const { readVenueFile } = await import('@/server/venues/import');
      const { DEMO_VENUE_FILE } = await import('@/server/venues/seed');
      const { importVenueFromRequest } = await import('@/server/venues/admin');
      const dropped: string[][] = [];
      // Next's revalidateTag needs a running server; here the cache drop is recorded instead.
      const request = new Request(`${B}/api/admin/venues`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' }, body: JSON.stringify(readVenueFile(DEMO_VENUE_FILE)) });
      const imported = await importVenueFromRequest(request, (keys) => dropped.push(keys));
      expect(imported.status).toBe(200);
      expect(dropped[0]).toContain('localhost');
      for (let i = 0; i < 50 && front.seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(front.seen).toHaveLength(2);
      expect(JSON.parse(front.seen[1].body).hosts).toContain('localhost');
    } finally {
      await front.close();
    }
  });

  it('answers the revalidation call only with the token and a list of hosts', async () => {
    const { handleRevalidate } = await import('@/server/venues/fronts');
    const dropped: string[][] = [];
    const call = (body: string, token = TOKEN) => handleRevalidate(new Request(`${A}/api/revalidate`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body }), (keys) => dropped.push(keys));
    expect((await call('{"hosts":["localhost"]}', 'wrong')).status).toBe(401);
    expect((await call('{"hosts":"localhost"}')).status).toBe(400);
    expect((await call('{"hosts":["bad host!"]}')).status).toBe(400);
    expect((await call('not json')).status).toBe(400);
    const ok = await call('{"hosts":["LOCALHOST:3703","demo.localhost"]}');
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ status: true, data: { revalidated: ['localhost', 'demo.localhost'] } });
    expect(dropped).toEqual([['localhost', 'demo.localhost']]);
  });
});
