import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { asksForPage, cacheControlFor, installHostGate, isServableHost } from '@/server/http/host-gate';

/**
 * Issue 41, point 9: the Host gate at the HTTP server. A malformed Host is a 400 on every path
 * (pages, calls, the sitemap and robots.txt alike) before the site sees it; a 404 is never
 * publicly cacheable, whatever cache life the page that answered it had.
 */
describe('the Host gate', () => {
  it('serves a plain name[:port] (or no Host at all), nothing else', () => {
    for (const host of [undefined, 'localhost:3000', 'demo.localhost', 'rosa.example.com', '[::1]:3000', '127.0.0.1']) expect([host, isServableHost(host)]).toEqual([host, true]);
    for (const host of ['localhost:3000@evil.example', 'evil.example/path', 'a b', '', 'rosa.example.com, evil.example', ['a', 'b'] as unknown as string]) expect([host, isServableHost(host)]).toEqual([host, false]);
  });

  it('makes a public or shared-cache 404 private, and leaves every other answer as it is', () => {
    expect(cacheControlFor(404, 's-maxage=150, stale-while-revalidate=31535850')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    expect(cacheControlFor(404, 'public, max-age=300')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    expect(cacheControlFor(404, 'private, no-store')).toBe('private, no-store');
    expect(cacheControlFor(200, 's-maxage=150, stale-while-revalidate=31535850')).toBe('s-maxage=150, stale-while-revalidate=31535850');
    expect(cacheControlFor(200, 'public, max-age=300')).toBe('public, max-age=300');
  });

  it('answers a real server: 400 before the handler for a malformed Host, a private 404, a public 200 untouched', async () => {
    installHostGate();
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.setHeader('Cache-Control', 's-maxage=150, stale-while-revalidate=31535850');
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const get = (path: string, host: string) =>
      new Promise<{ status: number; cacheControl: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: String(res.headers['cache-control'] ?? ''), body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      for (const path of ['/', '/sitemap.xml', '/robots.txt', '/api/health', '/_next/static/x.js']) {
        const bad = await get(path, `localhost:${port}@evil.example`);
        expect([path, bad.status, bad.cacheControl, bad.body.includes('evil')]).toEqual([path, 400, 'private, no-cache, no-store, max-age=0, must-revalidate', false]);
      }
      expect(seen).toEqual([]);
      expect(await get('/missing', 'evil.example')).toMatchObject({ status: 404, cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate' });
      expect(await get('/', 'demo.localhost')).toMatchObject({ status: 200, cacheControl: 's-maxage=150, stale-while-revalidate=31535850' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
  it('takes GET and HEAD of pages for the unknown-host answer, never calls, files or Next\'s own paths', () => {
    for (const [method, url] of [['GET', '/'], ['HEAD', '/en/reserve'], ['GET', '/frontpage/giftcards?x=1'], ['GET', '/v/evil.example/it']]) expect([method, url, asksForPage(method, url)]).toEqual([method, url, true]);
    for (const [method, url] of [['POST', '/'], ['GET', '/api/health'], ['GET', '/_next/static/x.js'], ['GET', '/backend/api/x'], ['GET', '/mcp'], ['GET', '/robots.txt'], ['GET', '/sitemap.xml'], ['GET', '/favicon.ico']]) expect([method, url, asksForPage(method, url)]).toEqual([method, url, false]);
  });

  it('answers a page on a host no venue has with a small private 404 before the handler; known hosts, calls and files go on (issue 43)', async () => {
    const asked: string[] = [];
    installHostGate({
      knownHost: async (host) => {
        asked.push(host);
        if (host.startsWith('down.')) throw new Error('database down');
        return host.startsWith('demo.localhost');
      },
    });
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.method} ${req.url}`);
      res.end('page');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const send = (method: string, path: string, host: string) =>
      new Promise<{ status: number; cacheControl: string; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, headers: { host } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, cacheControl: String(res.headers['cache-control'] ?? ''), body }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      for (const path of ['/', '/en/reserve', '/frontpage/esperienze']) {
        expect(await send('GET', path, 'evil.example')).toEqual({ status: 404, cacheControl: 'private, no-cache, no-store, max-age=0, must-revalidate', body: 'Not Found' });
      }
      expect(await send('HEAD', '/', 'evil.example')).toMatchObject({ status: 404, body: '' });
      expect(seen).toEqual([]);
      expect(await send('GET', '/en', `demo.localhost:${port}`)).toMatchObject({ status: 200, body: 'page' });
      for (const [method, path] of [['GET', '/api/health'], ['GET', '/robots.txt'], ['POST', '/api/x']]) expect(await send(method, path, 'evil.example')).toMatchObject({ status: 200 });
      // A look-up that fails lets the request through: Next answers it as before.
      expect(await send('GET', '/', 'down.example')).toMatchObject({ status: 200 });
      expect(seen).toEqual([`demo.localhost:${port} GET /en`, 'evil.example GET /api/health', 'evil.example GET /robots.txt', 'evil.example POST /api/x', 'down.example GET /']);
      expect(asked).toEqual(['evil.example', 'evil.example', 'evil.example', 'evil.example', `demo.localhost:${port}`, 'down.example']);
    } finally {
      installHostGate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
