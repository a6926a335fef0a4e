import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { installHostGate } from '@/server/http/host-gate';
import { createPageMicroCache, microCacheKey, microCacheSettings } from '@/server/http/page-micro-cache';
import { PageCacheHandler } from '@/server/cache/page-cache-handler.cjs';

/**
 * Issue 43, "cacheable pages ≥ 0.6× a bare page": a page Next has just sent from its page cache
 * is sent again by the HTTP server for a moment, without reaching Next, with the same bytes and
 * headers (CSP and all), for requests whose answer depends on the address alone; a tag
 * revalidation (a venue import) drops every kept page at once. Counted, not timed.
 */
const epochSlot = globalThis as typeof globalThis & { __frontpagePageCacheEpoch?: number };
const CSP = "object-src 'none'; base-uri 'self'; frame-ancestors 'self'";
const SHARED = 's-maxage=150, stale-while-revalidate=31535850';

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

describe('the page micro-cache', () => {
  it('keys only a GET of a page on a venue host that takes the fast path, with no header or cookie that changes the answer', () => {
    const key = (url: string, headers: http.IncomingHttpHeaders = {}, method = 'GET') => microCacheKey({ method, url, headers: { host: 'demo.localhost', ...headers } });
    for (const url of ['/', '/en', '/reserve', '/en/frontpage/esperienze', '/de/promo/aperitivo-omaggio']) expect([url, typeof key(url)]).toEqual([url, 'string']);
    expect(key('/en')).not.toBe(key('/fr'));
    expect(key('/', { 'accept-encoding': 'gzip' })).not.toBe(key('/'));
    expect(key('/', { 'x-forwarded-proto': 'https' })).not.toBe(key('/'));
    expect(key('/', { cookie: 'other=1' })).toBe(key('/'));
    const refused: [string, http.IncomingHttpHeaders, string?][] = [
      ['/', {}, 'HEAD'],
      ['/', {}, 'POST'],
      ['/?src=pc', {}],
      ['/reserve?x=1', {}],
      ['/it/reserve', {}],
      ['/v/demo.localhost/it', {}],
      ['/api/health', {}],
      ['/_next/static/a.js', {}],
      ['/robots.txt', {}],
      ['/reserve/%41', {}],
      ['/', { host: 'localhost:3000' }],
      ['/', { host: '127.0.0.1:3000' }],
      ['/', { host: 'Demo.Localhost' }],
      ['/', { cookie: 'frontpageLanguage=en' }],
      ['/', { cookie: 'a=1; frontpagePartner=pc' }],
      ['/', { cookie: '__prerender_bypass=x' }],
      ['/', { 'sec-fetch-dest': 'iframe' }],
      ['/', { rsc: '1' }],
      ['/', { 'next-router-prefetch': '1' }],
      ['/', { 'next-router-state-tree': '%5B%5D' }],
      ['/', { 'if-none-match': '"x"' }],
      ['/', { range: 'bytes=0-10' }],
      ['/', { 'x-prerender-revalidate': 'secret' }],
    ];
    for (const [url, headers, method] of refused) expect([url, headers, method, key(url, headers, method)]).toEqual([url, headers, method, null]);
  });

  it('reads its settings from the environment: 1 s and 8 MB by default, 0 turns it off', () => {
    expect(microCacheSettings({})).toEqual({ ttlMs: 1000, maxBytes: 8192 * 1024 });
    expect(microCacheSettings({ PAGE_MICROCACHE_MS: '0', PAGE_MICROCACHE_KB: '1024' })).toEqual({ ttlMs: 0, maxBytes: 1024 * 1024 });
    expect(microCacheSettings({ PAGE_MICROCACHE_MS: 'x' }).ttlMs).toBe(1000);
    expect(microCacheSettings({ PAGE_MICROCACHE_MS: '600000' }).ttlMs).toBe(600_000);
    expect(microCacheSettings({ PAGE_MICROCACHE_MS: '86400000' }).ttlMs).toBe(3_600_000);
  });

  it('sends a page Next served from its cache again without Next, byte for byte with its headers, until it expires or a tag is revalidated', async () => {
    let clock = 0;
    const microCache = createPageMicroCache({ ttlMs: 1000, maxBytes: 1024 * 1024, clock: () => clock });
    installHostGate({ microCache });
    const reached: string[] = [];
    let version = 1;
    const server = http.createServer((req, res) => {
      reached.push(`${req.headers.host}${req.url}`);
      const body = `<html>${req.headers.host} ${req.url} v${version} ${'x'.repeat(3000)}</html>`;
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.setHeader('Content-Security-Policy', CSP);
      res.setHeader('Vary', 'rsc, Accept-Encoding');
      res.setHeader('Cache-Control', req.url === '/private' ? 'private, no-store' : SHARED);
      res.setHeader('x-nextjs-cache', req.url === '/miss' ? 'MISS' : 'HIT');
      res.setHeader('ETag', `"v${version}"`);
      if (req.url === '/cookie') res.setHeader('Set-Cookie', 'a=b');
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      if (/gzip/.test(req.headers['accept-encoding'] ?? '')) {
        res.setHeader('Content-Encoding', 'gzip');
        const zipped = zlib.gzipSync(body);
        res.write(zipped.subarray(0, 100));
        res.end(zipped.subarray(100));
      } else {
        res.setHeader('Content-Length', Buffer.byteLength(body));
        res.end(body);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, headers: http.OutgoingHttpHeaders = {}) =>
      new Promise<Answer>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers: { host: 'demo.localhost', ...headers } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    // The same answer but for its date and framing (a kept body goes with its length, never chunked).
    const unframed = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !['date', 'content-length', 'transfer-encoding'].includes(name)));
    const same = (a: Answer, b: Answer) => {
      expect([b.status, unframed(b.headers), b.body.toString('latin1'), Number(b.headers['content-length']), b.headers['transfer-encoding']]).toEqual([a.status, unframed(a.headers), a.body.toString('latin1'), a.body.length, undefined]);
    };
    try {
      const first = await get('/en');
      const again = await get('/en');
      expect(reached).toEqual(['demo.localhost/en']);
      same(first, again);
      expect(again.headers).toMatchObject({ 'content-security-policy': CSP, 'cache-control': SHARED, 'x-nextjs-cache': 'HIT', etag: '"v1"', 'content-length': String(again.body.length) });

      // Each host, path, encoding and protocol its own copy; a gzipped answer kept gzipped, written in two parts.
      await get('/en', { host: 'other.localhost' });
      const zipped = await get('/en', { 'accept-encoding': 'gzip' });
      same(zipped, await get('/en', { 'accept-encoding': 'gzip' }));
      expect(zlib.gunzipSync(zipped.body).toString()).toContain('demo.localhost /en v1');
      await get('/en', { 'x-forwarded-proto': 'https' });
      expect(reached).toEqual(['demo.localhost/en', 'other.localhost/en', 'demo.localhost/en', 'demo.localhost/en']);

      // Never kept: an answer not from Next's page cache, a private one, one setting a cookie, a 404; never served: a request with a router's cookie or header.
      reached.length = 0;
      for (const path of ['/miss', '/private', '/cookie', '/missing']) {
        await get(path);
        await get(path);
      }
      await get('/en', { cookie: 'frontpageLanguage=fr' });
      await get('/en', { rsc: '1' });
      await get('/en', { 'if-none-match': '"v1"' });
      expect(reached).toEqual(['/miss', '/miss', '/private', '/private', '/cookie', '/cookie', '/missing', '/missing', '/en', '/en', '/en'].map((p) => `demo.localhost${p}`));

      // A venue import revalidates its tags: the page cache handler moves the epoch, and the next request reaches Next.
      reached.length = 0;
      version = 2;
      epochSlot.__frontpagePageCacheEpoch = (epochSlot.__frontpagePageCacheEpoch ?? 0) + 1;
      expect((await get('/en')).body.toString()).toContain('v2');
      expect((await get('/en')).body.toString()).toContain('v2');
      expect(reached).toEqual(['demo.localhost/en']);

      // After its life, Next answers again.
      clock += 1000;
      version = 3;
      expect((await get('/en')).body.toString()).toContain('v3');
      expect(reached).toEqual(['demo.localhost/en', 'demo.localhost/en']);
    } finally {
      installHostGate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps an answer no longer than the page cache handler says the page it served lives, however long PAGE_MICROCACHE_MS is", async () => {
    let clock = 0;
    // An hour asked for: pages live until the venue's midnight now (issue 43).
    const microCache = createPageMicroCache({ ttlMs: 3_600_000, maxBytes: 1024 * 1024, clock: () => clock });
    installHostGate({ microCache });
    const handler = new PageCacheHandler({ databaseUrl: undefined, store: 'micro-cache-life', maxMemoryCacheSize: 1024 * 1024 });
    const page = (html: string) => ({ kind: 'APP_PAGE', html, rscData: Buffer.from('rsc'), headers: {}, status: 200 });
    // An experience's page with limited places lives 150 s; a page until midnight, say 10,000 s; one already stale.
    await handler.set('/es', page('es'), { cacheControl: { revalidate: 150 } });
    await handler.set('/en', page('en'), { cacheControl: { revalidate: 10_000 } });
    await handler.set('/fr', page('fr'), { cacheControl: { revalidate: 0 } });
    const reached: string[] = [];
    const server = http.createServer((req, res) => {
      reached.push(req.url ?? '');
      // As Next does for a page: the look-up in the page cache handler, then the answer (/de: not from the handler).
      (req.url === '/de' ? Promise.resolve(null) : handler.get(req.url ?? '/', { kind: 'APP_PAGE' })).then(() => {
        res.setHeader('Cache-Control', SHARED);
        res.setHeader('x-nextjs-cache', 'HIT');
        res.end(`<html>${req.url}</html>`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers: { host: 'demo.localhost' } }, (res) => res.resume().on('end', () => resolve()));
        req.on('error', reject);
        req.end();
      });
    const all = async () => {
      for (const path of ['/es', '/en', '/fr', '/de']) await get(path);
    };
    try {
      await all();
      await all();
      // The stale page is never kept; the others are.
      expect(reached).toEqual(['/es', '/en', '/fr', '/de', '/fr']);
      reached.length = 0;
      // 100 s on: the 150-s page and the long one still kept; an answer whose life nobody told, a second at most.
      clock += 100_000;
      await all();
      expect(reached).toEqual(['/fr', '/de']);
      reached.length = 0;
      // Past 150 s: the experience's page reaches Next again; the page living until midnight does not.
      clock += 51_000;
      await all();
      expect(reached).toEqual(['/es', '/fr', '/de']);
    } finally {
      installHostGate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('is told of every tag revalidation by the page cache handler (a venue import, here or from another instance)', async () => {
    const handler = new PageCacheHandler({ databaseUrl: undefined, store: 'micro-cache-epoch', maxMemoryCacheSize: 1024 * 1024 });
    const before = epochSlot.__frontpagePageCacheEpoch ?? 0;
    await handler.revalidateTag('venue:demo.localhost');
    expect(epochSlot.__frontpagePageCacheEpoch).toBe(before + 1);
  });

  it('keeps at most its size in bytes, the least recently kept dropped first', async () => {
    const microCache = createPageMicroCache({ ttlMs: 1000, maxBytes: 2500, clock: () => 0 });
    const answer = (size: number) => {
      const headers = new Map<string, string>([['x-nextjs-cache', 'HIT'], ['cache-control', SHARED]]);
      const response = Object.assign(new http.ServerResponse(new http.IncomingMessage(null as never)), {}) as http.ServerResponse;
      response.statusCode = 200;
      for (const [k, v] of headers) response.setHeader(k, v);
      (response as unknown as { write: () => boolean }).write = () => true;
      (response as unknown as { end: () => http.ServerResponse }).end = () => response;
      return { response, body: Buffer.alloc(size) };
    };
    for (const key of ['a', 'b', 'c']) {
      const { response, body } = answer(1000);
      microCache.capture(key, response);
      response.end(body);
    }
    expect(microCache.size).toBe(2);
    const big = answer(5000);
    microCache.capture('big', big.response);
    big.response.end(big.body);
    expect(microCache.size).toBe(2);
  });

  it('keeps each answer in a buffer of its own, never a slice of a larger one that it would hold alive', () => {
    // A page's gzipped chunks come in small buffers; Buffer.concat would put them in a slice of a
    // shared 64-KB pool slab, which a kept answer then holds for as long as it is kept (issue 43).
    const microCache = createPageMicroCache({ ttlMs: 600_000, maxBytes: 1024 * 1024, clock: () => 0 });
    const response = (sent: Buffer[]) => {
      const res = new http.ServerResponse(new http.IncomingMessage(null as never));
      res.statusCode = 200;
      (res as unknown as { writeHead: () => http.ServerResponse }).writeHead = () => res;
      (res as unknown as { write: (chunk: Buffer) => boolean }).write = (chunk) => (sent.push(chunk), true);
      (res as unknown as { end: (chunk?: Buffer) => http.ServerResponse }).end = (chunk) => (chunk && sent.push(chunk), res);
      return res;
    };
    const next = response([]);
    next.setHeader('x-nextjs-cache', 'HIT');
    next.setHeader('cache-control', SHARED);
    microCache.capture('page', next);
    const chunks = [Buffer.from('<html>'), zlib.gzipSync('x'.repeat(7000)), Buffer.from('</html>')];
    expect(chunks[0].buffer.byteLength).toBeGreaterThan(chunks[0].length); // a pooled slice, as a stream's chunks are
    next.write(chunks[0]);
    next.write(chunks[1]);
    next.end(chunks[2]);
    const sent: Buffer[] = [];
    expect(microCache.serve('page', response(sent))).toBe(true);
    expect(sent).toHaveLength(1);
    expect(sent[0].equals(Buffer.concat(chunks))).toBe(true);
    expect([sent[0].byteOffset, sent[0].buffer.byteLength]).toEqual([0, sent[0].length]);
  });
});
