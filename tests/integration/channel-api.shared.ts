import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import Ajv2020 from 'ajv/dist/2020';
import { type Driver, useSiteDatabase } from '../helpers/databases';
import { pinTestClock, testDay, testMoment } from '../helpers/clock';
import { forgetVenueContexts } from '@/server/venues/context';

const FRIDAY = testDay(3);
const HOST = 'localhost:3000';

/**
 * Issue 46: the channel API. A channel books through its own key, changes and cancels, and hears
 * of each change at its webhook, signed with a timestamp, retried through the outbox until it
 * answers, delivered once; its quota of covers per shift holds under concurrency; the OpenAPI
 * document is made from the same schemas and every route answers as it says.
 */
export function describeChannelApi(driver: Driver) {
describe(`the channel API on ${driver}`, () => {
  useSiteDatabase(driver, { calendar: true, plainBooking: true });

  const request = (method: string, path: string, key: string | null, body?: unknown) =>
    new NextRequest(`http://${HOST}/api/channel/v1${path}`, {
      method,
      headers: { host: HOST, ...(key ? { authorization: `Bearer ${key}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  const routes = async () => ({
    openapi: (await import('@/app/api/channel/v1/openapi.json/route')).GET,
    availability: (await import('@/app/api/channel/v1/availability/route')).GET,
    book: (await import('@/app/api/channel/v1/bookings/route')).POST,
    booking: await import('@/app/api/channel/v1/bookings/[reference]/route'),
    cancel: (await import('@/app/api/channel/v1/bookings/[reference]/cancel/route')).POST,
    verify: (await import('@/app/api/channel/v1/bookings/[reference]/verify/route')).POST,
  });
  const params = (reference: string) => ({ params: Promise.resolve({ reference }) });
  const setup = async () => {
    const { getDb } = await import('@/server/db/client');
    const schema = await import('@/server/db/schema');
    const { issueChannelKey } = await import('@/server/channels/keys');
    return { db: await getDb(), schema, issueChannelKey };
  };
  let serial = 0;
  const guest = () => {
    const n = ++serial;
    return { firstName: 'Chiara', lastName: `Canale${n}`, email: `channel${n}@example.com`, phonePrefix: '+39', phone: `3470000${String(n).padStart(3, '0')}`, privacyAccepted: true };
  };

  /** A webhook receiver: answers each push with the next status of `plan` (then 200), keeps what it got. */
  async function receiver(plan: number[]) {
    const got: { headers: http.IncomingHttpHeaders; body: string; status: number }[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const status = plan.shift() ?? 200;
        got.push({ headers: req.headers, body, status });
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://localhost:${(server.address() as AddressInfo).port}/hook`, got, close: () => new Promise((r) => server.close(r)) };
  }

  it('refuses a missing, wrong or rotated key with 401 and a translated message', async () => {
    const { db, issueChannelKey } = await setup();
    const r = await routes();
    const first = await issueChannelKey(db, 'localhost', 'mozrest');
    const ok = await r.availability(request('GET', `/availability?date=${FRIDAY}&pax=2`, first.key));
    expect(ok.status).toBe(200);
    const rotated = await issueChannelKey(db, 'localhost', 'mozrest');
    expect(rotated).toMatchObject({ rotated: true, webhookSecret: first.webhookSecret });
    for (const key of [null, 'fpch_nope', first.key]) {
      const answer = await r.availability(request('GET', `/availability?date=${FRIDAY}&pax=2&language=en`, key));
      expect([key, answer.status, await answer.json()]).toEqual([key, 401, { error: 'unauthorized', message: 'This key does not open the channel API of this venue.' }]);
    }
    expect((await r.availability(request('GET', `/availability?date=${FRIDAY}&pax=2`, rotated.key))).status).toBe(200);
    await expect(issueChannelKey(db, 'localhost', 'Not A Name')).rejects.toThrow('not a channel name');
  });

  it('books through its key (tagged channel:{name}), changes, cancels, and receives each change at its webhook, signed, retried and delivered once', async () => {
    const { db, schema, issueChannelKey } = await setup();
    const r = await routes();
    const hook = await receiver([500, 503]);
    try {
      const { key, webhookSecret } = await issueChannelKey(db, 'localhost', 'tripchannel', { webhookUrl: hook.url });
      const g = guest();
      const booked = await r.book(request('POST', '/bookings', key, { date: FRIDAY, time: '20:00', pax: 2, guest: g, language: 'en' }));
      const made = await booked.json();
      expect([booked.status, made.status]).toEqual([200, 'confirmed']);
      const [row] = await db.select().from(schema.reservations).where(eq(schema.reservations.hash, made.reference));
      expect(row.source).toBe('channel:tripchannel');
      const found = await r.booking.GET(request('GET', `/bookings/${made.reference}?email=${encodeURIComponent(g.email)}`, key), params(made.reference));
      expect(await found.json()).toMatchObject({ booking: { reference: made.reference, pax: 2, status: 'confirmed' } });
      const changed = await r.booking.PATCH(request('PATCH', `/bookings/${made.reference}`, key, { email: g.email, pax: 3 }), params(made.reference));
      expect([changed.status, (await changed.json()).booking.pax]).toEqual([200, 3]);
      const cancelled = await r.cancel(request('POST', `/bookings/${made.reference}/cancel`, key, { email: g.email, language: 'en' }), params(made.reference));
      expect(await cancelled.json()).toMatchObject({ status: 'cancelled', feeCents: 0, message: 'This reservation has been cancelled.' });

      // The outbox sends the two events (changed, cancelled); the receiver fails the first two tries.
      const { deliverDue } = await import('@/server/outbox/delivery');
      const { webhookTransport } = await import('@/server/outbox/webhook');
      const { channelTransport } = await import('@/server/outbox/channels');
      const { getDb } = await import('@/server/db/client');
      const nothing = { describe: 'none', send: async () => undefined };
      const transport = channelTransport({ email: nothing, sms: nothing, webhook: webhookTransport(getDb) });
      for (let minute = 1; minute <= 30 && hook.got.filter((h) => h.status === 200).length < 2; minute++) {
        await pinTestClock(testMoment(minute));
        await deliverDue(db, transport);
      }
      const delivered = hook.got.filter((h) => h.status === 200);
      const types = delivered.map((h) => JSON.parse(h.body).type).sort();
      expect(types).toEqual(['booking.cancelled', 'booking.changed']);
      expect(hook.got.length).toBe(4);
      // A retry is the same event (its id), signed anew with the time of its attempt.
      const { verifyWebhook } = await import('@/server/channels/webhooks');
      for (const h of hook.got) {
        const t = Number(/t=(\d+)/.exec(String(h.headers['frontpage-signature']))![1]);
        expect(verifyWebhook(webhookSecret, String(h.headers['frontpage-signature']), h.body, t)).toBe(true);
        expect(verifyWebhook(webhookSecret, String(h.headers['frontpage-signature']), h.body.replace('"pax":', '"pax":1'), t)).toBe(false);
        expect(verifyWebhook('fpwh_other', String(h.headers['frontpage-signature']), h.body, t)).toBe(false);
        expect(h.headers['frontpage-event']).toBe(JSON.parse(h.body).id);
      }
      const ids = hook.got.map((h) => h.headers['frontpage-event']);
      expect(new Set(ids).size).toBe(2);
      // Delivered once: nothing more goes out, however often the outbox runs.
      const before = hook.got.length;
      await pinTestClock(testMoment(120));
      await deliverDue(db, transport);
      expect(hook.got.length).toBe(before);
      const rows = await db.select().from(schema.outbox).where(and(eq(schema.outbox.channel, 'webhook'), eq(schema.outbox.recipient, hook.url)));
      expect(rows.map((m) => m.status)).toEqual(['sent', 'sent']);
    } finally {
      await hook.close();
      await pinTestClock();
    }
  });

  it("holds the venue's quota of covers per shift for a channel, under concurrent bookings", async () => {
    const { db, schema, issueChannelKey } = await setup();
    const r = await routes();
    const [demo] = await db.select().from(schema.venues).where(eq(schema.venues.isDefault, true));
    await db.update(schema.venues).set({ booking: { ...demo.booking!, channelQuotas: { quotachannel: 6 } } }).where(eq(schema.venues.id, demo.id));
    forgetVenueContexts();
    try {
      const { key } = await issueChannelKey(db, 'localhost', 'quotachannel');
      const day = testDay(10);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => r.book(request('POST', '/bookings', key, { date: day, time: i % 2 ? '20:00' : '20:30', pax: 2, guest: guest(), language: 'en' }))));
      const bodies = await Promise.all(answers.map((a) => a.json()));
      const statuses = answers.map((a, i) => `${a.status}:${bodies[i].status ?? bodies[i].error}`).sort();
      expect(statuses).toEqual([...Array(3).fill('200:confirmed'), ...Array(5).fill('409:soldOut')].sort());
      const covers = await db.select({ covers: schema.reservations.covers }).from(schema.reservations).where(and(eq(schema.reservations.date, day), eq(schema.reservations.source, 'channel:quotachannel')));
      expect(covers.reduce((sum, c) => sum + c.covers, 0)).toBe(6);
      // The site itself still books the same shift: the quota is the channel's, not the venue's.
      const { dispatch } = await import('@/server/backend/dispatch');
      const { localToken } = await import('@/lib/botcheck/local');
      const site = await dispatch('reservation/create', 'localhost', new URLSearchParams({ pax: '2', date: day, time: '20:00', zone: 'sala', nome: 'Sito', cognome: 'Web', email: 'site-after-quota@example.com', prefisso: '+39', telefono: '3471239999', privacy: '1', recaptchaV3Token: localToken('v3', 'pass'), tokenVersion: 'v3' }));
      expect(site.body).toMatchObject({ status: true, data: { outcome: 'confirm' } });
    } finally {
      await db.update(schema.venues).set({ booking: demo.booking }).where(eq(schema.venues.id, demo.id));
      forgetVenueContexts();
    }
  });

  it('serves an OpenAPI 3.1 document made from its schemas, and each route answers as the document says', async () => {
    const { db, issueChannelKey } = await setup();
    const r = await routes();
    const doc = await (await r.openapi(request('GET', '/openapi.json', null))).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.servers).toEqual([{ url: 'http://localhost:3000/api/channel/v1' }]);
    // Structurally valid: every schema compiles as JSON Schema 2020-12, every $ref resolves, every operation has responses.
    const ajv = new Ajv2020({ strict: false });
    ajv.addSchema({ $id: 'doc', components: doc.components }, 'doc');
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) expect([ref, Boolean(doc.components.schemas[ref.split('/').pop()!.replace('"', '')])]).toEqual([ref, true]);
    const validate = (id: string, value: unknown) => {
      const check = ajv.getSchema(`doc#/components/schemas/${id}`)!;
      const ok = check(value);
      if (!ok) throw new Error(`${id}: ${JSON.stringify(check.errors)} for ${JSON.stringify(value)}`);
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, unknown>; operationId: string }>>)) {
      for (const [method, op] of Object.entries(item)) expect([path, method, Object.keys(op.responses).length > 0, typeof op.operationId]).toEqual([path, method, true, 'string']);
    }
    // Each route, its answer against the response the document names for its status.
    const { key } = await issueChannelKey(db, 'localhost', 'openapi-check');
    const responseSchema = (path: string, method: string, status: number) => doc.paths[path][method].responses[String(status)].content['application/json'].schema.$ref.split('/').pop();
    const check = async (path: string, method: string, response: Response) => validate(responseSchema(path, method, response.status), await response.json());
    const g = guest();
    await check('/availability', 'get', await r.availability(request('GET', `/availability?date=${FRIDAY}&pax=2`, key)));
    await check('/availability', 'get', await r.availability(request('GET', `/availability?year=2027&month=13&pax=2`, key)));
    await check('/availability', 'get', await r.availability(request('GET', `/availability?date=${FRIDAY}&pax=2`, 'wrong')));
    const booked = await r.book(request('POST', '/bookings', key, { date: FRIDAY, time: '19:30', pax: 2, guest: g }));
    const made = await booked.clone().json();
    await check('/bookings', 'post', booked);
    await check('/bookings', 'post', await r.book(request('POST', '/bookings', key, { date: FRIDAY, time: '19:30', pax: 2, guest: { ...g, privacyAccepted: 'yes' } })));
    await check('/bookings', 'post', await r.book(request('POST', '/bookings', key, { date: testDay(-2), time: '19:30', pax: 2, guest: g })));
    await check('/bookings/{reference}', 'get', await r.booking.GET(request('GET', `/bookings/${made.reference}?email=${g.email}`, key), params(made.reference)));
    await check('/bookings/{reference}', 'get', await r.booking.GET(request('GET', `/bookings/${made.reference}?email=x@example.com`, key), params(made.reference)));
    await check('/bookings/{reference}', 'patch', await r.booking.PATCH(request('PATCH', `/bookings/${made.reference}`, key, { email: g.email, time: '20:00' }), params(made.reference)));
    await check('/bookings/{reference}/verify', 'post', await r.verify(request('POST', `/bookings/${made.reference}/verify`, key, { code: '123456' }), params(made.reference)));
    await check('/bookings/{reference}/cancel', 'post', await r.cancel(request('POST', `/bookings/${made.reference}/cancel`, key, { email: g.email }), params(made.reference)));
    await check('/bookings/{reference}/cancel', 'post', await r.cancel(request('POST', `/bookings/${made.reference}/cancel`, key, { email: g.email }), params(made.reference)));
    // The webhook's body as the document describes it.
    const { eventBody } = await import('@/server/channels/webhooks');
    validate('WebhookEvent', JSON.parse(eventBody('x.1.booking.cancelled', 'booking.cancelled', { hash: 'x', status: 'cancelled', date: FRIDAY, time: '20:00', covers: 2, zoneKey: 'sala', revision: 1 }, new Date(0))));
  });
});
}
