import { NextRequest } from 'next/server';
import { getMiddlewareRouteMatcher } from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { proxy, REWRITTEN_HEADER, config } from '@/proxy';
import { FAST_HOST, FAST_HOST_CAPTURE, venueRewrites } from '@/lib/venue/fast-routes.cjs';
import { testDay } from '../helpers/clock';

const run = (url: string, cookies: Record<string, string> = {}, host = 'localhost:3000', extra: Record<string, string> = {}) => {
  const headers = new Headers({ host, ...extra });
  const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  if (cookie) headers.set('cookie', cookie);
  return proxy(new NextRequest(url, { headers }));
};
const rewrite = (res: Response) => res.headers.get('x-middleware-rewrite');
/** The headers a rewrite hands on to the page request (`NextResponse.rewrite(url, { request })`). */
const forwarded = (res: Response, name: string) => res.headers.get(`x-middleware-request-${name}`);

// The production build sets skipProxyUrlNormalize (next.config.mjs), which leaves request.url
// as Next received it; the test runs NextRequest the same way.
const NORMALIZE = '__NEXT_NO_MIDDLEWARE_URL_NORMALIZE';
beforeAll(() => {
  process.env[NORMALIZE] = 'true';
});
afterAll(() => {
  delete process.env[NORMALIZE];
});

describe('proxy: venue and locale routing', () => {
  it('rewrites Italian paths without prefix to the default venue', () => {
    expect(rewrite(run('http://localhost:3000/reserve'))).toBe('http://localhost:3000/v/localhost/it/reserve');
    expect(rewrite(run('http://localhost:3000/'))).toBe('http://localhost:3000/v/localhost/it');
  });

  it('rewrites prefixed paths with their locale and the host venue', () => {
    expect(rewrite(run('http://demo.localhost:3000/en/reserve', {}, 'demo.localhost:3000'))).toBe(
      'http://demo.localhost:3000/v/demo.localhost/en/reserve',
    );
  });

  it('sends a path with broken %-escapes to the site\'s 404 page, in its language', () => {
    expect(rewrite(run('http://localhost:3000/reserve/%ZZ/edit'))).toBe('http://localhost:3000/v/localhost/it/_no-page');
    expect(rewrite(run('http://localhost:3000/en/a2fa/reserve/%E0%A4%A'))).toBe('http://localhost:3000/v/localhost/en/_no-page');
    expect(rewrite(run('http://localhost:3000/en/reserve/%C3%A8'))).toBe('http://localhost:3000/v/localhost/en/reserve/%C3%A8');
  });

  it('redirects /it/... to the unprefixed path and remembers Italian', () => {
    const res = run('http://localhost:3000/it/reserve');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/reserve');
    expect(res.headers.get('set-cookie')).toContain('frontpageLanguage=it');
  });

  it('honours the language cookie on unprefixed paths', () => {
    const res = run('http://localhost:3000/reserve', { frontpageLanguage: 'fr' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/fr/reserve');
  });

  it('falls back to Italian for an unknown stored language', () => {
    expect(rewrite(run('http://localhost:3000/reserve', { frontpageLanguage: 'pt' }))).toBe(
      'http://localhost:3000/v/localhost/it/reserve',
    );
  });
});

describe('proxy: every bind (vercel/next.js#94745)', () => {
  // Next hands the proxy the origin it runs on, and serves a rewrite in-process only when
  // the rewrite keeps that origin; request.nextUrl says `localhost` for every loopback address.
  it.each([
    ['http://127.0.0.1:3000', 'localhost:3000'],
    ['http://[::1]:3000', '[::1]:3000'],
    ['http://0.0.0.0:3000', 'rosa.example.com'],
    ['https://127.0.0.1:3000', 'localhost:3000'],
    ['https://localhost:3000', 'localhost:3000'],
  ])('keeps the server origin %s in rewrites and redirects', (origin, host) => {
    expect(new URL(rewrite(run(`${origin}/en/reserve?src=pc`, {}, host)) ?? '').origin).toBe(origin);
    expect(rewrite(run(`${origin}/en/reserve?x=1`, {}, host))).toBe(`${origin}/v/${host === 'rosa.example.com' ? host : 'localhost'}/en/reserve?x=1`);
    expect(run(`${origin}/it/reserve`, {}, host).headers.get('location')).toBe(`${origin}/reserve`);
  });

  it("drops Next's own _rsc parameter and keeps the guest's", () => {
    const date = testDay(7);
    expect(rewrite(run(`http://127.0.0.1:3000/reserve?_rsc=abc&date=${date}`))).toBe(`http://127.0.0.1:3000/v/localhost/it/reserve?date=${date}`);
    expect(run('http://127.0.0.1:3000/it/reserve?_rsc=abc').headers.get('location')).toBe('http://127.0.0.1:3000/reserve');
  });
});

describe('proxy: the loop guard', () => {
  it('marks every rewrite with a value an outside client cannot know', () => {
    const first = forwarded(run('http://localhost:3000/reserve'), REWRITTEN_HEADER);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(forwarded(run('http://localhost:3000/en'), REWRITTEN_HEADER)).toBe(first);
  });

  it('never rewrites a request it has already rewritten', () => {
    const mark = forwarded(run('http://localhost:3000/reserve'), REWRITTEN_HEADER) ?? '';
    // As Next would send the rewrite back over the network: the internal path, marked.
    const again = run('http://localhost:3000/v/localhost/it/reserve', {}, 'localhost:3000', { [REWRITTEN_HEADER]: mark });
    expect(rewrite(again)).toBeNull();
    expect(again.headers.get('x-middleware-next')).toBe('1');
  });

  it('ignores a forged mark', () => {
    const forged = run('http://localhost:3000/v/localhost/it/reserve', {}, 'localhost:3000', { [REWRITTEN_HEADER]: 'forged' });
    expect(rewrite(forged)).toBe('http://localhost:3000/v/localhost/it/_no-page');
  });
});

describe('proxy: internal paths stay internal', () => {
  it.each([
    ['/v/localhost/en/reserve', 'en'],
    ['/v/other.host/it/index.html', 'it'],
    ['/v/x/en/reserve.json', 'en'],
    ['/v/demo.localhost/de', 'de'],
    ['/v', 'it'],
    ['/v/', 'it'],
    ['/v/x/pt/reserve', 'it'],
    ['/%76/demo.localhost/fr/reserve', 'fr'],
  ])("answers %s from outside with the host's own 404 page, in %s", (path, locale) => {
    expect(rewrite(run(`http://seconda.localhost:3000${path}`, {}, 'seconda.localhost:3000'))).toBe(
      `http://seconda.localhost:3000/v/seconda.localhost/${locale}/_no-page`,
    );
  });

  it('uses the chosen language when the path names none', () => {
    expect(rewrite(run('http://localhost:3000/v/x', { frontpageLanguage: 'es' }))).toBe('http://localhost:3000/v/localhost/es/_no-page');
  });

  it('runs on internal paths with an extension, which the page matcher skips', () => {
    // The matcher compiled as Next compiles it for the build (a function its type declarations leave out).
    const { getMiddlewareMatchers } = jest.requireActual<{
      getMiddlewareMatchers: (matcher: typeof config.matcher, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
    }>('next/dist/build/analysis/get-page-static-info');
    const matches = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
    const runsOn = (path: string) => matches(path, { headers: {} } as never, {});
    for (const path of ['/v/x/en/reserve.json', '/v/other.host/it/index.html', '/v', '/v/', '/reserve', '/en/reserve']) {
      expect([path, runsOn(path)]).toEqual([path, true]);
    }
    for (const path of ['/logo.svg', '/api/health', '/backend/api/frontpage/location/getlocation', '/_next/static/x.js']) {
      expect([path, runsOn(path)]).toEqual([path, false]);
    }
  });
});

describe('proxy: partner-source flag (spec section 4)', () => {
  it('sets the flag on src=pc for one day, strict same-site, http-only', () => {
    const cookie = run('http://localhost:3000/reserve?src=pc').headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/frontpagePartner=pc/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/SameSite=strict/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('clears it on src=clear and drops a tampered value', () => {
    expect(run('http://localhost:3000/?src=clear', { frontpagePartner: 'pc' }).headers.get('set-cookie')).toMatch(
      /frontpagePartner=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect(run('http://localhost:3000/', { frontpagePartner: 'zzz' }).headers.get('set-cookie')).toMatch(/frontpagePartner=;/);
  });

  it('leaves the flag alone on other requests', () => {
    expect(run('http://localhost:3000/', { frontpagePartner: 'pc' }).headers.get('set-cookie')).toBeNull();
  });
});

describe('the fast path: next.config.mjs rewrites what needs nothing of the proxy (issue 27)', () => {
  type Req = { headers: Record<string, string> };
  type Has = { type: string; key: string; value?: string }[];
  const { getMiddlewareMatchers } = jest.requireActual<{
    getMiddlewareMatchers: (matcher: typeof config.matcher, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
  }>('next/dist/build/analysis/get-page-static-info');
  const { getPathMatch } = jest.requireActual<{ getPathMatch: (source: string, options: object) => (path: string) => false | Record<string, string> }>('next/dist/shared/lib/router/utils/path-match');
  const { matchHas, prepareDestination } = jest.requireActual<{
    matchHas: (req: Req, query: object, has?: Has, missing?: Has) => false | Record<string, string>;
    prepareDestination: (args: object) => { newUrl: string };
  }>('next/dist/shared/lib/router/utils/prepare-destination');
  const proxyRuns = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));

  /** Where Next's own rewrites send a request the proxy does not run on, as its router does; null when none applies. */
  function fastRoute(path: string, req: Req, query: Record<string, string> = {}): string | null {
    for (const rule of venueRewrites()) {
      const params = getPathMatch(rule.source, { strict: true, removeUnnamedParams: true })(path);
      if (!params) continue;
      const hasParams = matchHas(req, query, rule.has);
      if (!hasParams) continue;
      return prepareDestination({ appendParamsToQuery: false, destination: rule.destination, params: { ...params, ...hasParams }, query }).newUrl;
    }
    return null;
  }

  const cases: [string, string, Record<string, string>?, Record<string, string>?][] = [
    // [path, host, extra headers, query]
    ['/', 'demo.localhost:3000'],
    ['/reserve', 'demo.localhost:3000'],
    ['/frontpage/giftcard/buono-50', 'prenota.trattoriadarosa.it'],
    ['/promo/aperitivo-omaggio', 'prenota.trattoriadarosa.it'],
    ['/en', 'demo.localhost'],
    ['/en/frontpage/esperienze/abc/reserve', 'demo.localhost:3000'],
    ['/de/reserve/AbC123/edit', 'demo.localhost:3000'],
    ['/it/reserve', 'demo.localhost:3000'],
    ['/it', 'demo.localhost:3000'],
    ['/v/other.example/en/reserve', 'demo.localhost:3000'],
    ['/reserve', 'localhost:3000'],
    ['/reserve', '127.0.0.1:3000'],
    ['/reserve', '[::1]:3000'],
    ['/reserve', 'Demo.Localhost'],
    ['/reserve', 'demo.localhost.'],
    ['/reserve', 'localhost:3961@evil.example'],
    ['/reserve', 'demo.localhost', { cookie: 'frontpageLanguage=en' }],
    ['/reserve', 'demo.localhost', { cookie: 'frontpagePartner=pc' }],
    ['/reserve', 'demo.localhost', {}, { src: 'pc' }],
    ['/reserve', 'demo.localhost', { 'sec-fetch-dest': 'iframe' }],
    ['/reserve/%ZZ/edit', 'demo.localhost'],
    ['/en/reserve/%C3%A8', 'demo.localhost'],
  ];

  it.each(cases)('%s on %s: exactly one of the proxy and the fast path, and the same page', (path, host, extra = {}, query = {}) => {
    const headers = { host, ...extra };
    const runs = proxyRuns(path, { headers } as never, query);
    const fast = runs ? null : fastRoute(path, { headers }, query);
    expect([path, host, Boolean(runs) !== Boolean(fast)]).toEqual([path, host, true]);
    if (fast) {
      // The page the proxy would have chosen for the same request.
      const search = new URLSearchParams(query).toString();
      const viaProxy = run(`http://${host}${path}${search ? `?${search}` : ''}`, {}, host, extra);
      expect(fast).toBe(new URL(rewrite(viaProxy) ?? 'http://x/none').pathname);
    }
  });

  it('takes the plain venue hosts, and none that the proxy must see', () => {
    const fastHost = (host: string) => new RegExp(`^${FAST_HOST}$`).test(host);
    expect(['demo.localhost', 'demo.localhost:3000', 'prenota.trattoriadarosa.it', 'a-b.example.com:443'].map(fastHost)).toEqual([true, true, true, true]);
    expect(['localhost', 'localhost:3000', '127.0.0.1', '127.0.0.1:3000', '[::1]:3000', 'Demo.localhost', 'demo.localhost.', 'a_b.example', 'x.example@evil', ''].map(fastHost)).toEqual(Array(10).fill(false));
    // One pattern: the capturing one is the same host pattern, and proxy.ts's matcher (a literal, as Next requires) uses it.
    expect(FAST_HOST_CAPTURE.replace('(?<venue>', '').replace(')(?::\\d{1,5})?', '(?::\\d{1,5})?')).toBe(FAST_HOST);
    expect(JSON.stringify(config.matcher)).toContain(JSON.stringify(FAST_HOST));
  });

  it('never takes Next\'s files, the APIs, public files or the internal pages', () => {
    for (const path of ['/_next/static/x.js', '/api/health', '/backend/api/frontpage/location/getlocation', '/mcp', '/venues/demo/logo.svg', '/embed.js', '/robots.txt', '/sitemap.xml', '/favicon.ico', '/v/demo.localhost/it']) {
      expect([path, fastRoute(path, { headers: { host: 'demo.localhost' } })]).toEqual([path, null]);
    }
    // The MCP server (docs/agents.md) is a route of its own on every host: neither the proxy nor the fast path makes it a page.
    for (const host of ['demo.localhost', 'localhost:3000']) {
      expect([host, Boolean(proxyRuns('/mcp', { headers: { host, cookie: 'frontpageLanguage=en' } } as never, {}))]).toEqual([host, false]);
    }
  });
});
