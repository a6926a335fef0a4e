import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackendClient } from '@/lib/backend/client';
import { legacyTransport } from '@/lib/backend/legacy';
import { testDay, testMoment } from '../helpers/clock';

type Seen = { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string };
type Reply = { status?: number; json?: unknown; delayMs?: number; raw?: string };

/** A real HTTP server standing in for the legacy backend, answering per call path. */
let server: http.Server;
let baseUrl: string;
const seen: Seen[] = [];
const replies = new Map<string, Reply>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const reply = replies.get(req.url ?? '') ?? { status: 404, json: { status: false } };
      setTimeout(() => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
        res.end(reply.raw ?? JSON.stringify(reply.json));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.LOG_LEVEL = 'silent';
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

beforeEach(() => {
  seen.length = 0;
  replies.clear();
});

const client = (timeoutMs?: number) =>
  createBackendClient(legacyTransport({ baseUrl, token: 'secret-token', host: 'rosa.example.com', timeoutMs }), 'legacy');

const LOCATION = '/backend/api/frontpage/location/getlocation';
const CREATE = '/backend/api/frontpage/reservation/create';

/** A closed port: the connection is refused. */
async function closedPort(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return `http://127.0.0.1:${port}`;
}

/** Counts the JSON log lines written while `run` runs. */
async function logLines(run: () => Promise<unknown>): Promise<{ event: string; level: string }[]> {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  const level = process.env.LOG_LEVEL;
  delete process.env.LOG_LEVEL;
  try {
    await run();
  } finally {
    process.env.LOG_LEVEL = level;
    spy.mockRestore();
  }
  return lines.map((l) => JSON.parse(l));
}

describe('legacy backend client', () => {
  it('POSTs form-urlencoded with the bearer token and the guest host', async () => {
    replies.set(LOCATION, {
      json: { status: true, data: { locationname: 'Da Rosa', valuta: 'CHF', customHeader: null } },
    });
    const location = await client().getLocation();
    expect(location).toMatchObject({ status: 'ok', data: { locationname: 'Da Rosa', valuta: 'CHF', customHeader: '' } });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0].headers.authorization).toBe('Bearer secret-token');
    expect(seen[0].headers['x-forwarded-host']).toBe('rosa.example.com');
  });

  it('gives a location of only the spec\'s four fields every service (missing additions read as on)', async () => {
    replies.set(LOCATION, {
      json: { status: true, data: { valuta: '€', locationname: 'Quattro', customHeader: '<meta name="x" content="y">', customFooter: '<p>f</p>' } },
    });
    const location = await client().getLocation();
    expect(location.status).toBe('ok');
    if (location.status !== 'ok') return;
    expect(location.data.services).toEqual({ giftCards: true, fidelity: true, promotion: null });
    expect(location.data.booking.partySize).toEqual({ min: 1, directMax: 6, max: 12 });

    replies.set(LOCATION, { json: { status: true, data: { locationname: 'Senza', services: { giftCards: 0, fidelity: false } } } });
    const off = await client().getLocation();
    expect(off.status === 'ok' && off.data.services).toEqual({ giftCards: false, fidelity: false, promotion: null });
  });

  it('reads the experience list in either shape', async () => {
    replies.set('/backend/api/frontpage/experience/getexperiencelist', {
      json: { status: true, data: { elenco: [{ hash: 'h1', titolo: { it: 'Cena' } }], pagine: 1, totale: 1 } },
    });
    const list = await client().getExperienceList();
    expect(list.status === 'ok' && list.data.elenco.map((e) => e.hash)).toEqual(['h1']);
  });

  it("tells the backend's unknown venue apart from a failure", async () => {
    replies.set(LOCATION, { status: 404, json: { status: false, error: 'venueNotFound' } });
    expect(await client().getLocation()).toEqual({ status: 'unknownVenue' });
    replies.set(LOCATION, { json: { status: false, data: null } });
    expect(await client().getLocation()).toEqual({ status: 'failed' });
  });

  describe.each([
    ['HTTP 500', { status: 500, json: { status: false } }],
    ['malformed JSON', { raw: '<html>oops' }],
    ['JSON of the wrong shape', { json: { status: true, data: 'nope' } }],
    ['an envelope that is not one', { json: ['status', true] }],
  ] as [string, Reply][])('a backend answering %s', (_, reply) => {
    it('fails every data load (read as empty) and every action (unavailable), logged once per call', async () => {
      for (const call of ['location/getlocation', 'services/getallservices', 'experience/getexperiencelist', 'reservation/create']) {
        replies.set(`/backend/api/frontpage/${call}`, reply);
      }
      const logs = await logLines(async () => {
        expect(await client().getLocation()).toEqual({ status: 'failed' });
        expect(await client().getAllServices()).toEqual({ status: 'failed' });
        expect(await client().getExperienceList()).toEqual({ status: 'failed' });
        expect(await client().reservation('create', { pax: '2' })).toEqual({ status: false, error: 'unavailable', fieldErrors: {} });
      });
      expect(logs.map((l) => l.event)).toHaveLength(4);
      expect(seen).toHaveLength(4);
    });
  });

  it('reads an action answer through its schema: a wrong shape never reaches the caller', async () => {
    replies.set(CREATE, { json: { status: true, data: { outcome: 'confirm', hash: 'abc', extra: '<script>' } } });
    expect(await client().reservation('create', {})).toEqual({ status: true, data: { outcome: 'confirm', hash: 'abc' } });

    replies.set(CREATE, { json: { status: true, data: { outcome: 'pwned', hash: 'abc' } } });
    expect(await client().reservation('create', {})).toEqual({ status: false, error: 'unavailable', fieldErrors: {} });

    replies.set('/backend/api/frontpage/reservation/get', { json: { status: true, data: { hash: 'abc', status: 'confirmed' } } });
    expect(await client().reservation('get', { hash: 'abc' })).toMatchObject({ status: false, error: 'unavailable' });

    replies.set('/backend/api/frontpage/experience/getesperienzeday', { json: { status: true, data: [{ hash: 'h', titolo: 'Cena', prezzo: '12.5' }] } });
    expect(await client().experienceDays('getesperienzeday', {})).toMatchObject({ status: true, data: [{ hash: 'h', prezzo: 12.5, orari: [] }] });
    replies.set('/backend/api/frontpage/experience/getesperienzeday', { json: { status: true, data: { hash: 'h' } } });
    expect(await client().experienceDays('getesperienzeday', {})).toMatchObject({ status: false, error: 'unavailable' });
  });

  it("passes the backend's refusals through with their codes", async () => {
    replies.set(CREATE, { status: 400, json: { status: false, error: 'invalid', fieldErrors: { email: 'emailInvalid' } } });
    expect(await client().reservation('create', {})).toEqual({ status: false, error: 'invalid', fieldErrors: { email: 'emailInvalid' } });
    replies.set('/backend/api/frontpage/fidelity/subscribe', { json: { status: false, error: 'disabled' } });
    expect(await client().subscribeFidelity({})).toEqual({ status: false, error: 'disabled', fieldErrors: {} });
  });

  it('gives up after the time-out and reads the call as failed', async () => {
    replies.set(LOCATION, { delayMs: 2_000, json: { status: true, data: {} } });
    replies.set(CREATE, { delayMs: 2_000, json: { status: true, data: {} } });
    const started = Date.now();
    expect(await client(200).getLocation()).toEqual({ status: 'failed' });
    expect(await client(200).reservation('create', {})).toMatchObject({ status: false, error: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reads a refused connection as failed, and unavailable for an action', async () => {
    const down = createBackendClient(legacyTransport({ baseUrl: await closedPort(), token: 't', host: 'h' }), 'legacy');
    expect(await down.getLocation()).toEqual({ status: 'failed' });
    expect(await down.lookupFidelity({ email: 'a@b.it' })).toEqual({ status: false, error: 'unavailable', fieldErrors: {} });
  });

  it('uses a 30 second time-out by default, BACKEND_TIMEOUT_MS when set', async () => {
    const { BACKEND_TIMEOUT_MS } = await import('@/lib/backend/legacy');
    const { config } = await import('@/server/runtime/config');
    expect(BACKEND_TIMEOUT_MS).toBe(30_000);
    const before = process.env.BACKEND_TIMEOUT_MS;
    delete process.env.BACKEND_TIMEOUT_MS;
    expect(config.backendTimeoutMs).toBe(30_000);
    process.env.BACKEND_TIMEOUT_MS = '750';
    expect(config.backendTimeoutMs).toBe(750);
    process.env.BACKEND_TIMEOUT_MS = before;
  });

  it('refuses to start with BACKEND_URL but no BACKEND_TOKEN', async () => {
    const { checkConfig } = await import('@/server/runtime/config');
    const env = { url: process.env.BACKEND_URL, token: process.env.BACKEND_TOKEN };
    try {
      process.env.BACKEND_URL = 'https://backend.example.com';
      delete process.env.BACKEND_TOKEN;
      expect(() => checkConfig()).toThrow(/BACKEND_TOKEN/);
      process.env.BACKEND_TOKEN = 'tok';
      expect(() => checkConfig()).not.toThrow();
      delete process.env.BACKEND_URL;
      delete process.env.BACKEND_TOKEN;
      expect(() => checkConfig()).not.toThrow();
    } finally {
      if (env.url === undefined) delete process.env.BACKEND_URL;
      else process.env.BACKEND_URL = env.url;
      if (env.token === undefined) delete process.env.BACKEND_TOKEN;
      else process.env.BACKEND_TOKEN = env.token;
    }
  });
});

describe('promotions over the legacy contract', () => {
  const GETPROMO = '/backend/api/frontpage/promo/getpromo';
  const REDEEM = '/backend/api/frontpage/promo/redeem';
  const iso = (minutes: number) => testMoment(minutes).toISOString();
  const promo = {
    urlName: 'estate', title: 'Summer', description: null, image: null, startsAt: iso(-60), endsAt: iso(60),
    validUntil: testDay(3), expiresAt: iso(4 * 24 * 60), timezone: 'Europe/Rome', count: '10', remaining: 4, state: 'active', serverTime: iso(0),
  };

  it('reads the page data with the contract rules, sending the urlName form-encoded', async () => {
    replies.set(GETPROMO, { json: { status: true, data: promo } });
    const loaded = await client().getPromo('estate');
    expect(loaded.status === 'ok' && loaded.data).toMatchObject({ urlName: 'estate', count: 10, remaining: 4, state: 'active', image: '', title: { it: 'Summer', en: 'Summer' } });
    expect(seen[0].body).toBe('urlName=estate');
  });

  it('tells an unknown promotion (a 404 page) from a failure (an empty page), and an unknown state reads disabled', async () => {
    replies.set(GETPROMO, { status: 404, json: { status: false, error: 'notFound' } });
    expect(await client().getPromo('nope')).toEqual({ status: 'notFound' });
    replies.set(GETPROMO, { status: 500, json: { status: false } });
    expect(await client().getPromo('estate')).toEqual({ status: 'failed' });
    replies.set(GETPROMO, { json: { status: true, data: { ...promo, state: 'paused' } } });
    const odd = await client().getPromo('estate');
    expect(odd.status === 'ok' && odd.data.state).toBe('disabled');
  });

  it('passes a refused second redemption through with the first use time', async () => {
    const code = { id: 'a'.repeat(22), code: 'K7QM-3WXA', urlName: 'estate', title: 'Summer', status: 'used', requestedAt: iso(0), usedAt: iso(30), validUntil: testDay(3) };
    replies.set(REDEEM, { status: 409, json: { status: true, data: { result: 'alreadyUsed', code } } });
    const result = await client().promo('promo/redeem', { id: code.id });
    expect(result.status && result.data).toMatchObject({ result: 'alreadyUsed', code: { usedAt: iso(30) } });
  });
});
