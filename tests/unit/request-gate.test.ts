import { NextRequest } from 'next/server';
import { BODY_LIMITS, gate, guarded, isSameOrigin, jsonTooDeep, readCappedText } from '@/server/http';
import { isPlainHost, venueKeyForHost } from '@/lib/venue/host';
import { linkHostOf, venueOrigin } from '@/lib/venue/origin';
import { proxy } from '@/proxy';
import { experienceBookingSchema, MAX_ADDITIONAL_FIELDS } from '@/lib/forms/experience';
import en from '@/messages/en.json';
import itMessages from '@/messages/it.json';
import de from '@/messages/de.json';

/**
 * The request gate of every state-changing /api route (server/http/index.ts) and the venue's one
 * origin (lib/venue/origin.ts): issue 21 leaks 3 and 6, issue 22's body and shape limits.
 */

const ATTACK_HOST = 'localhost:3961@evil.example';

function post(path: string, init: { headers?: Record<string, string>; body?: BodyInit | null } = {}) {
  return new NextRequest(`http://localhost:3000${path}`, {
    method: 'POST',
    headers: { host: 'localhost:3000', 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? '{}' : init.body,
    // A streamed body (no Content-Length) needs half duplex.
    ...(init.body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as ConstructorParameters<typeof NextRequest>[1]);
}

/** A handler that records whether it ran: the gate must refuse before it. */
function recorder() {
  const calls: string[] = [];
  const handler = guarded({ type: 'json' }, async (request: NextRequest) => {
    calls.push(await request.text());
    return new Response(null, { status: 204 });
  });
  return { calls, handler };
}

/** A body of `size` bytes sent in 64 KB chunks with no Content-Length (chunked). */
function chunked(size: number) {
  let sent = 0;
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new Uint8Array(Math.min(65_536, size - sent)).fill(0x20);
      sent += chunk.byteLength;
      pulled++;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

describe('Host: only a plain name[:port] selects a venue', () => {
  it('tells plain hosts from the attack', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'rosa.example.com', 'demo.localhost:3000']) expect(isPlainHost(host)).toBe(true);
    for (const host of [ATTACK_HOST, 'evil.example/path', 'a b', 'localhost:3000, evil.example', 'user@localhost', '', 'localhost:abc']) expect(isPlainHost(host)).toBe(false);
  });

  it('never maps the attack to the local venue', () => {
    expect(venueKeyForHost(ATTACK_HOST)).toBe('_invalid');
    expect(venueKeyForHost('localhost:3961')).toBe('localhost');
  });

  it('is a 400 in the proxy, before any page', () => {
    const response = proxy(new NextRequest('http://localhost:3000/frontpage/giftcard', { headers: { host: ATTACK_HOST } }));
    expect(response.status).toBe(400);
    const ok = proxy(new NextRequest('http://localhost:3000/frontpage/giftcard', { headers: { host: 'localhost:3000' } }));
    expect(ok.status).toBe(200);
  });

  it('is a 400 in a route handler, which never runs', async () => {
    const { calls, handler } = recorder();
    const response = await handler(post('/api/giftcard/checkout', { headers: { host: ATTACK_HOST } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'badHost', message: itMessages.requests.badHost });
    expect(calls).toEqual([]);
  });
});

describe('one origin per venue', () => {
  const saved = { SITE_URL: process.env.SITE_URL, PORT: process.env.PORT };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  it('comes from SITE_URL or the venue host, never from a non-loopback Host', () => {
    delete process.env.SITE_URL;
    process.env.PORT = '3961';
    expect(venueOrigin('rosa.example.com', 'evil.example').origin).toBe('https://rosa.example.com');
    expect(venueOrigin('rosa.example.com', ATTACK_HOST).origin).toBe('https://rosa.example.com');
    expect(venueOrigin(venueKeyForHost(ATTACK_HOST), ATTACK_HOST).origin).not.toContain('evil');
    expect(venueOrigin('localhost', ATTACK_HOST).origin).toBe('http://localhost:3961');
    process.env.SITE_URL = 'https://www.rosa.example.com';
    expect(venueOrigin('rosa.example.com', '127.0.0.1:3961').origin).toBe('https://www.rosa.example.com');
  });

  it('keeps the loopback address the guest opened locally (the session cookie lives there)', () => {
    delete process.env.SITE_URL;
    process.env.PORT = '3000';
    expect(venueOrigin('localhost', '127.0.0.1:3000').origin).toBe('http://127.0.0.1:3000');
    expect(venueOrigin('localhost', '[::1]:3000').origin).toBe('http://[::1]:3000');
    expect(venueOrigin('localhost').origin).toBe('http://localhost:3000');
    // LOCALHOST_VENUE_HOST: the venue is rosa's, opened on localhost.
    expect(venueOrigin('rosa.example.com', 'localhost:3000').origin).toBe('http://localhost:3000');
  });

  it('is the venue host with the scheme and port the site is served on, known without a request (issue 41)', () => {
    delete process.env.SITE_URL;
    process.env.PORT = '4321';
    // A local host is served by this process over http on PORT; a public one over https by the proxy in front.
    expect(venueOrigin('sole.localhost').origin).toBe('http://sole.localhost:4321');
    expect(venueOrigin('demo.localhost').origin).toBe('http://demo.localhost:4321');
    expect(venueOrigin('rosa.example.com').origin).toBe('https://rosa.example.com');
    // A guest on a second venue tried locally comes back from a payment with the port (and the cookie) they left with.
    expect(venueOrigin('sole.localhost', 'sole.localhost:4321').origin).toBe('http://sole.localhost:4321');
    expect(venueOrigin('sole.localhost', 'sole.localhost').origin).toBe('http://sole.localhost:4321');
    // The host e-mails link to, the same with or without a request: a public host first, localhost for the venue localhost serves.
    expect(linkHostOf(['www.rosa.example.com', 'rosa.localhost', 'rosa.example.com'], false)).toBe('rosa.example.com');
    expect(linkHostOf(['demo.localhost'], true)).toBe('localhost');
    expect(linkHostOf(['sole.localhost'], false)).toBe('sole.localhost');
    expect(linkHostOf([], false)).toBe('localhost');
    process.env.SITE_URL = 'https://www.rosa.example.com';
    expect(venueOrigin('sole.localhost', 'sole.localhost:4321').origin).toBe('https://www.rosa.example.com');
  });
});

describe('cross-site requests', () => {
  it('accepts the same origin, and a typed request or a non-browser client', () => {
    expect(isSameOrigin(post('/api/x', { headers: { origin: 'http://localhost:3000' } }))).toBe(true);
    expect(isSameOrigin(post('/api/x', { headers: { 'sec-fetch-site': 'same-origin' } }))).toBe(true);
    expect(isSameOrigin(post('/api/x', { headers: { 'sec-fetch-site': 'none' } }))).toBe(true);
    expect(isSameOrigin(post('/api/x'))).toBe(true);
  });

  it('refuses another origin, another port, a null origin and a cross-site fetch', () => {
    expect(isSameOrigin(post('/api/x', { headers: { origin: 'http://evil.example' } }))).toBe(false);
    expect(isSameOrigin(post('/api/x', { headers: { origin: 'http://localhost:3301' } }))).toBe(false);
    expect(isSameOrigin(post('/api/x', { headers: { origin: 'null' } }))).toBe(false);
    expect(isSameOrigin(post('/api/x', { headers: { 'sec-fetch-site': 'cross-site' } }))).toBe(false);
    expect(isSameOrigin(post('/api/x', { headers: { 'sec-fetch-site': 'same-site' } }))).toBe(false);
  });

  it('refuses a text/plain form whose body is JSON: 403 (cross-site), and 415 on the same origin; the handler never runs', async () => {
    const { calls, handler } = recorder();
    const body = '{"recipientEmail":"attacker@evil.example","x":"="}';
    const cross = await handler(post('/api/giftcard/checkout', { headers: { origin: 'http://localhost:3301', 'content-type': 'text/plain' }, body }));
    expect(cross.status).toBe(403);
    expect((await cross.json()).error).toBe('crossSite');
    const plain = await handler(post('/api/giftcard/checkout', { headers: { origin: 'http://localhost:3000', 'content-type': 'text/plain', 'accept-language': 'de-DE,de;q=0.9' }, body }));
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ error: 'unsupportedMediaType', message: de.requests.unsupportedMediaType });
    const form = await handler(post('/api/giftcard/checkout', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' }));
    expect(form.status).toBe(415);
    expect(calls).toEqual([]);
  });

  it("takes the wizard's pagehide beacon: a same-origin POST with a JSON blob, as a browser sends it (issue 45)", async () => {
    const { calls, handler } = recorder();
    const body = '{"holdToken":"abc"}';
    // What a beacon carries: the Blob's type as Content-Type, the page's Origin, no-cors fetch metadata.
    const beacon = await handler(post('/api/reservation/release', { headers: { origin: 'http://localhost:3000', 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'empty' }, body }));
    expect(beacon.status).toBe(204);
    expect(calls).toEqual([body]);
  });

  it('lets an exempt route (webhook, bearer API, CSP report) through from anywhere, still with its content type', async () => {
    const passed = await gate(post('/api/csp-report', { headers: { origin: 'http://elsewhere.example', 'content-type': 'application/csp-report' }, body: '{"csp-report":{}}' }), { type: 'csp-report', limit: BODY_LIMITS.cspReport, sameOrigin: false });
    expect('request' in passed && passed.text).toBe('{"csp-report":{}}');
  });
});

describe('body limits', () => {
  it('refuses a declared Content-Length over the limit before reading (413, translated)', async () => {
    const { calls, handler } = recorder();
    const response = await handler(post('/api/experience', { headers: { 'content-length': String(BODY_LIMITS.guest + 1), cookie: 'frontpageLanguage=en' }, body: 'x' }));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'tooLarge', message: en.requests.tooLarge });
    expect(calls).toEqual([]);
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    const body = chunked(10 * 1024 * 1024);
    const { calls, handler } = recorder();
    const response = await handler(post('/api/giftcard/checkout', { body: body.stream }));
    expect(response.status).toBe(413);
    // 64 KB limit, 64 KB chunks: two chunks read (plus at most one queued), not 160.
    expect(body.pulled()).toBeLessThanOrEqual(3);
    expect(calls).toEqual([]);
  });

  it('reads a body within the limit, and the handler reads it again', async () => {
    const { calls, handler } = recorder();
    const response = await handler(post('/api/giftcard/checkout', { body: '{"id":"abc"}' }));
    expect(response.status).toBe(204);
    expect(calls).toEqual(['{"id":"abc"}']);
    expect(await readCappedText(post('/x', { body: 'a'.repeat(100) }), 100)).toBe('a'.repeat(100));
    expect(await readCappedText(post('/x', { body: 'a'.repeat(101) }), 100)).toBeNull();
  });

  it('hands the handler a NextRequest (cookies, nextUrl) even when Next passes another Request class', async () => {
    let seen: string | undefined;
    const handler = guarded({ type: 'json' }, async (request: NextRequest) => {
      seen = `${request.cookies.get('frontpageLanguage')?.value} ${request.nextUrl.pathname} ${await request.text()}`;
      return new Response(null, { status: 204 });
    });
    const plain = new Request('http://localhost:3000/api/fidelity', { method: 'POST', headers: { host: 'localhost:3000', 'content-type': 'application/json', cookie: 'frontpageLanguage=en' }, body: '{}' });
    expect((await handler(plain as NextRequest)).status).toBe(204);
    expect(seen).toBe('en /api/fidelity {}');
  });

  it('has the documented sizes', () => {
    expect(BODY_LIMITS).toMatchObject({ guest: 65_536, cspReport: 16_384, adminImport: 2_097_152 });
  });
});

describe('JSON depth', () => {
  it('refuses nesting deeper than 32 as the body arrives, without recursion: 100,000 levels are a 400, not a stack overflow', async () => {
    const deep = `{"experienceId":"x","fields":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(jsonTooDeep(deep)).toBe(true);
    const { calls, handler } = recorder();
    // Streamed (chunked): the scan stops it in its first chunk, before the size limit.
    const bytes = new TextEncoder().encode(deep);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
        controller.close();
      },
    });
    const streamed = await handler(post('/api/experience', { body: stream }));
    expect(streamed.status).toBe(400);
    expect((await streamed.json()).error).toBe('tooDeep');
    // Within the size limit (20,000 levels, 40 KB) with a Content-Length: 400 too.
    const within = `{"fields":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    const declared = await handler(post('/api/experience', { headers: { 'content-length': String(within.length) }, body: within }));
    expect(declared.status).toBe(400);
    expect((await declared.json()).error).toBe('tooDeep');
    // Declared larger than the limit: refused by its length before reading (413).
    const large = await handler(post('/api/experience', { headers: { 'content-length': String(deep.length) }, body: deep }));
    expect(large.status).toBe(413);
    expect(calls).toEqual([]);
  });

  it('counts brackets in structure only, not inside strings', () => {
    expect(jsonTooDeep(`${'['.repeat(32)}${']'.repeat(32)}`)).toBe(false);
    expect(jsonTooDeep(`${'['.repeat(33)}${']'.repeat(33)}`)).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ note: '['.repeat(1000) + '\\"{{{' }))).toBe(false);
  });
});

describe('field lengths', () => {
  const issuesOf = (answers: Record<string, string>) => {
    const result = experienceBookingSchema.safeParse({ campiAggiuntivi: answers });
    return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === 'campiAggiuntivi');
  };

  it('names the field of too many additional answers, or of one too long', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_ADDITIONAL_FIELDS + 1 }, (_, i) => [`f${i}`, 'x']));
    expect(issuesOf(many).map((issue) => issue.message)).toEqual(['tooLong']);
    expect(issuesOf({ allergies: 'x'.repeat(501) }).map((issue) => [issue.path.join('.'), issue.message])).toEqual([['campiAggiuntivi.allergies', 'tooLong']]);
    expect(issuesOf({ allergies: 'none' })).toEqual([]);
  });
});

describe('the backend contract over HTTP', () => {
  const saved = process.env.BACKEND_TOKEN;
  beforeAll(() => {
    process.env.BACKEND_TOKEN = 'gate-test-token';
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.BACKEND_TOKEN;
    else process.env.BACKEND_TOKEN = saved;
  });

  const contract = (headers: Record<string, string>, body: BodyInit) =>
    new Request('http://localhost:3000/backend/api/frontpage/location/getlocation', {
      method: 'POST',
      headers: { host: 'localhost:3000', authorization: 'Bearer gate-test-token', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit);

  it('refuses a body over 64 KB (413), declared or chunked, and a forwarded host that is not plain (400)', async () => {
    const { readContractRequest } = await import('@/server/backend/http');
    const declared = await readContractRequest(contract({ 'content-length': String(BODY_LIMITS.contract + 1) }, 'a=1'), 'location/getlocation');
    expect('response' in declared && declared.response.status).toBe(413);
    const streamed = await readContractRequest(contract({}, chunked(1024 * 1024).stream), 'location/getlocation');
    expect('response' in streamed && streamed.response.status).toBe(413);
    const forwarded = await readContractRequest(contract({ 'x-forwarded-host': ATTACK_HOST }, 'a=1'), 'location/getlocation');
    expect('response' in forwarded && forwarded.response.status).toBe(400);
    const fine = await readContractRequest(contract({ 'x-forwarded-host': 'localhost' }, 'a=1'), 'location/getlocation');
    expect('params' in fine && fine.params.get('a')).toBe('1');
  });
});
