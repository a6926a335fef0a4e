import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBackendClient } from '@/lib/backend/client';
import { legacyTransport } from '@/lib/backend/legacy';

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

describe('legacy backend client', () => {
  it('POSTs form-urlencoded with the bearer token and the guest host', async () => {
    replies.set('/backend/api/frontpage/location/getlocation', {
      json: { status: true, data: { locationname: 'Da Rosa', valuta: 'CHF', customHeader: null } },
    });
    const location = await client().getLocation();
    expect(location).toMatchObject({ locationname: 'Da Rosa', valuta: 'CHF', customHeader: '' });
    expect(seen).toHaveLength(1);
    expect(seen[0].method).toBe('POST');
    expect(seen[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[0].headers.authorization).toBe('Bearer secret-token');
    expect(seen[0].headers['x-forwarded-host']).toBe('rosa.example.com');
  });

  it('reads the experience list in either shape', async () => {
    replies.set('/backend/api/frontpage/experience/getexperiencelist', {
      json: { status: true, data: { elenco: [{ hash: 'h1', titolo: { it: 'Cena' } }], pagine: 1, totale: 1 } },
    });
    const list = await client().getExperienceList();
    expect(list.elenco.map((e) => e.hash)).toEqual(['h1']);
  });

  it('reads a failed call as null or empty: HTTP error, status false, bad JSON, wrong shape', async () => {
    replies.set('/backend/api/frontpage/location/getlocation', { status: 500, json: { status: false } });
    expect(await client().getLocation()).toBeNull();

    replies.set('/backend/api/frontpage/location/getlocation', { json: { status: false, data: null } });
    expect(await client().getLocation()).toBeNull();

    replies.set('/backend/api/frontpage/services/getallservices', { raw: '<html>oops' });
    expect(await client().getAllServices()).toEqual([]);

    replies.set('/backend/api/frontpage/experience/getexperiencelist', { json: { status: true, data: 'nope' } });
    expect(await client().getExperienceList()).toEqual({ elenco: [], pagine: 0, totale: 0 });
  });

  it('gives up after the time-out and reads the call as failed', async () => {
    replies.set('/backend/api/frontpage/location/getlocation', { delayMs: 2_000, json: { status: true, data: {} } });
    const started = Date.now();
    expect(await client(200).getLocation()).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reads an unreachable backend as failed', async () => {
    const down = createBackendClient(
      legacyTransport({ baseUrl: 'http://127.0.0.1:1', token: 't', host: 'h' }),
      'legacy',
    );
    expect(await down.getLocation()).toBeNull();
  });

  it('uses a 30 second time-out by default', async () => {
    const { BACKEND_TIMEOUT_MS } = await import('@/lib/backend/legacy');
    expect(BACKEND_TIMEOUT_MS).toBe(30_000);
  });
});
