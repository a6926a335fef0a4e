import fs from 'node:fs';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { howMade, ROOT, sameOriginPosts, stateChangingHandlers } from '../helpers/route-walk';

/**
 * Issue 41, point 3: every state-changing route goes through the request gate (`guarded`,
 * server/http/index.ts: host, same origin, content type, body size, JSON depth). This walks every
 * `route.ts` under `app/` and reads how each exported POST, PUT, PATCH and DELETE is made, so a
 * new route written as a plain `export function POST` fails here. docs/security.md, "Requests".
 */

/** Handlers outside the gate, each with its reason (docs/security.md lists them). */
const EXEMPT: Record<string, string> = {
  'app/backend/api/frontpage/[...call]/route.ts POST':
    'the contract door: a bearer token (no browser cookie opens it) and its own gate, readContractRequest (server/backend/http.ts): plain host, form-urlencoded only, 64 KB',
};

/** Gated routes that skip the same-origin check, each with its reason: callers that are not our pages. */
const CROSS_SITE_ALLOWED: Record<string, string> = {
  'app/api/payments/webhook/route.ts POST': 'the payment provider, checked by its signature',
  'app/api/admin/guests/route.ts POST': 'npm run guest:export / guest:erase, admin token',
  'app/api/admin/venue-token/route.ts POST': 'npm run venue:token, admin token',
  'app/api/admin/venues/route.ts POST': 'npm run venue:import, admin token',
  'app/api/revalidate/route.ts POST': 'the backend refreshing a front, backend token',
  'app/api/csp-report/route.ts POST': 'browsers send reports without Origin or credentials',
  'app/api/unsubscribe/route.ts POST': "the mail client's one-click unsubscribe (RFC 8058), a signed token",
  'app/api/wallet/v1/devices/[device]/registrations/[passType]/[serial]/route.ts POST': "Apple Wallet on the guest's device (PassKit web service), the pass's signed token",
  'app/api/wallet/v1/devices/[device]/registrations/[passType]/[serial]/route.ts DELETE': "Apple Wallet on the guest's device (PassKit web service), the pass's signed token",
  'app/api/wallet/v1/log/route.ts POST': 'Apple Wallet devices report errors (PassKit web service), logged only',
  'app/api/channel/v1/bookings/route.ts POST': "a channel's server, authenticated by its bearer key (docs/agents.md)",
  'app/api/channel/v1/bookings/[reference]/route.ts PATCH': "a channel's server, authenticated by its bearer key (docs/agents.md)",
  'app/api/channel/v1/bookings/[reference]/cancel/route.ts POST': "a channel's server, authenticated by its bearer key (docs/agents.md)",
  'app/api/channel/v1/bookings/[reference]/verify/route.ts POST': "a channel's server, authenticated by its bearer key (docs/agents.md)",
  'app/mcp/route.ts POST': "an assistant's MCP client, not a page of ours: no cookie or ambient credential opens anything there, each tool is the site's call with its limits (docs/agents.md)",
};

describe('every state-changing route goes through the request gate', () => {
  const handlers = stateChangingHandlers();

  it('finds the routes (the walk reads the files it should)', () => {
    expect(handlers.size).toBeGreaterThan(30);
    expect(handlers.get('app/api/reservation/route.ts POST')).toMatchObject({ kind: 'guarded' });
    expect(handlers.get('app/api/staff/session/route.ts DELETE')).toMatchObject({ kind: 'guarded' });
  });

  it('each exported POST, PUT, PATCH and DELETE is built with guarded(), bar the documented exemptions', () => {
    const outside = [...handlers].filter(([key, made]) => made.kind !== 'guarded' && !EXEMPT[key]).map(([key, made]) => `${key}: ${made.kind === 'plain' ? made.how : ''}`);
    expect(outside).toEqual([]);
    // An exemption that no longer applies is dropped from the list, so the list stays the truth.
    for (const key of Object.keys(EXEMPT)) expect([key, handlers.get(key)?.kind]).toEqual([key, 'plain']);
  });

  it('only the documented callers skip the same-origin check', () => {
    const crossSite = [...handlers].filter(([, made]) => made.kind === 'guarded' && /sameOrigin:\s*false/.test(made.options)).map(([key]) => key);
    expect(crossSite.sort()).toEqual(Object.keys(CROSS_SITE_ALLOWED).sort());
  });

  it('lists the paths a page on another site must be refused on, for the browser walk (tests/e2e/cross-site.spec.ts)', () => {
    const paths = sameOriginPosts();
    for (const route of ['reservation', 'experience/booking/cancel', 'experience/booking/edit', 'promo/resend', 'payments/testpay/x', 'staff/session']) expect(paths).toContain(route);
    for (const route of ['payments/webhook', 'csp-report', 'admin/venues']) expect(paths).not.toContain(route);
  });

  it('reads a handler that is not gated as such (the check would catch a regression)', () => {
    const dir = fs.mkdtempSync(path.join(ROOT, '.tmp-route-gate-'));
    try {
      const file = path.join(dir, 'route.ts');
      fs.writeFileSync(file, "import { h } from '@/server/x';\nexport function POST(request: Request) {\n  return h(request);\n}\nconst inner = guarded({ type: 'json' }, h);\nexport const PUT = inner;\nexport { h as DELETE };\n");
      expect(howMade(file, 'POST')).toMatchObject({ kind: 'plain' });
      expect(howMade(file, 'PUT')).toMatchObject({ kind: 'guarded' });
      expect(howMade(file, 'DELETE')).toMatchObject({ kind: 'plain' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Issue 41, point 3's three routes: what a page on another site sent them is now refused before it is read. */
describe('the experience booking change and cancel, and the promo resend, are gated', () => {
  const routes = {
    '/api/experience/booking/cancel': () => import('@/app/api/experience/booking/cancel/route'),
    '/api/experience/booking/edit': () => import('@/app/api/experience/booking/edit/route'),
    '/api/promo/resend': () => import('@/app/api/promo/resend/route'),
  };
  const post = (url: string, headers: Record<string, string>, body: BodyInit) =>
    new NextRequest(`http://localhost:3000${url}`, { method: 'POST', headers: { host: 'localhost:3000', ...headers }, body });

  it.each(Object.entries(routes))('%s: 403 cross-site, 415 text/plain, 413 oversize', async (url, load) => {
    const { POST } = await load();
    const json = JSON.stringify({ hash: 'x'.repeat(22), pax: '3', urlName: 'p', email: 'a@example.com' });
    for (const origin of ['http://evil.example', 'null']) {
      const answer = await POST(post(url, { origin, 'content-type': 'text/plain' }, json));
      expect([origin, answer.status]).toEqual([origin, 403]);
      expect(await answer.json()).toMatchObject({ error: 'crossSite' });
    }
    const plain = await POST(post(url, { origin: 'http://localhost:3000', 'content-type': 'text/plain' }, json));
    expect(plain.status).toBe(415);
    const big = '{"hash":"' + 'x'.repeat(30 * 1024 * 1024) + '"}';
    const oversize = await POST(post(url, { origin: 'http://localhost:3000', 'content-type': 'application/json', 'content-length': String(big.length) }, big));
    expect(oversize.status).toBe(413);
    expect(await oversize.json()).toMatchObject({ error: 'tooLarge' });
  });

  it('signing out takes no body and no other site', async () => {
    const { DELETE } = await import('@/app/api/staff/session/route');
    const request = (headers: Record<string, string>, body?: string) => new NextRequest('http://localhost:3000/api/staff/session', { method: 'DELETE', headers: { host: 'localhost:3000', ...headers }, body });
    expect((await DELETE(request({ origin: 'http://evil.example' }))).status).toBe(403);
    expect((await DELETE(request({ origin: 'http://localhost:3000', 'content-type': 'text/plain' }, 'x'.repeat(100)))).status).toBe(413);
  });
});
