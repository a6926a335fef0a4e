import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics, metricsRegistry } from '@/server/observability/metrics';
import { testDay } from '../helpers/clock';
import { countBooking, countRefusal, observedCall, observedProvider, sendObserved } from '@/server/observability/observe';
import { methodLabel, MAX_ROUTES, routeLabel, routePattern } from '@/server/observability/routes';
import { installRequestObserver, metricsAccess, tokenScrapeAllowed } from '@/server/observability/requests';
import type { OutboxRow } from '@/server/db/schema';

/**
 * Issue 48: the names and labels of the metrics ops read (docs/observability.md: the dashboard
 * and the alert rules are written against them), one registry per process, the route label that
 * names no guest's link, and /metrics answered only with the token and never through a proxy.
 */
const text = () => metricsRegistry().metrics();
/** The value of one series in the Prometheus text, or undefined. */
async function sample(series: string): Promise<number | undefined> {
  const line = (await text()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('the metrics of the process', () => {
  it('are the names and labels the dashboard and the alert rules read', async () => {
    const want: Record<string, string[]> = {
      frontpage_http_requests_total: ['route', 'method', 'status'],
      frontpage_http_request_duration_seconds: ['route', 'method', 'status'],
      frontpage_backend_calls_total: ['call', 'status'],
      frontpage_bookings_total: ['kind', 'outcome', 'source'],
      frontpage_waitlist_entries_total: ['kind'],
      frontpage_booking_refusals_total: ['kind', 'reason'],
      frontpage_holds_total: [],
      frontpage_outbox_sends_total: ['channel'],
      frontpage_outbox_send_failures_total: ['channel', 'final'],
      frontpage_payment_provider_calls_total: ['provider', 'operation', 'result'],
      frontpage_webhook_lag_seconds: ['source'],
      frontpage_housekeeping_step_duration_seconds: ['step'],
      frontpage_housekeeping_step_errors_total: ['step'],
      frontpage_housekeeping_last_run_timestamp_seconds: [],
      frontpage_cache_lookups_total: ['cache', 'result'],
    };
    const registry = metricsRegistry();
    for (const [name, labels] of Object.entries(want)) {
      const metric = registry.getSingleMetric(name) as unknown as { labelNames: string[] } | undefined;
      expect([name, metric?.labelNames]).toEqual([name, labels]);
    }
    // The event-loop lag comes with the process metrics.
    expect(await text()).toContain('nodejs_eventloop_lag_seconds');
  });

  it('count a booking by kind, outcome and source, a waiting-list entry apart, a refusal by its reason', async () => {
    const before = (await sample('frontpage_bookings_total{kind="table",outcome="waitinglist",source="web"}')) ?? 0;
    countBooking('table', 'confirm');
    countBooking('table', 'waitinglist', 'web');
    countBooking('table', 'confirm', 'mcp');
    countBooking('experience', 'confirm', 'channel:mozrest');
    countRefusal('experience', 'soldOut');
    expect(await sample('frontpage_bookings_total{kind="table",outcome="confirm",source="web"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('frontpage_bookings_total{kind="table",outcome="waitinglist",source="web"}')).toBe(before + 1);
    expect(await sample('frontpage_bookings_total{kind="table",outcome="confirm",source="mcp"}')).toBe(1);
    expect(await sample('frontpage_bookings_total{kind="experience",outcome="confirm",source="channel:mozrest"}')).toBe(1);
    expect(await sample('frontpage_waitlist_entries_total{kind="table"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('frontpage_booking_refusals_total{kind="experience",reason="soldOut"}')).toBeGreaterThanOrEqual(1);
  });

  it('count contract calls by status, outbox sends by channel, and provider calls by result', async () => {
    await observedCall('reservation/getday', async () => ({ httpStatus: 200 }));
    await expect(observedCall('reservation/getday', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await sample('frontpage_backend_calls_total{call="reservation/getday",status="200"}')).toBe(1);
    expect(await sample('frontpage_backend_calls_total{call="reservation/getday",status="500"}')).toBe(1);

    const message = { channel: 'email', template: 'reservation', attempts: 0 } as OutboxRow;
    await sendObserved({ send: async () => undefined }, message, false);
    await expect(sendObserved({ send: async () => Promise.reject(new Error('smtp down')) }, message, true)).rejects.toThrow('smtp down');
    expect(await sample('frontpage_outbox_sends_total{channel="email"}')).toBe(1);
    expect(await sample('frontpage_outbox_send_failures_total{channel="email",final="true"}')).toBe(1);

    const provider = observedProvider({ kind: 'local' as const, refundCharge: async () => Promise.reject(new Error('declined')), publicConfig: () => ({ kind: 'local' }) });
    await expect(provider.refundCharge()).rejects.toThrow('declined');
    expect(provider.publicConfig()).toEqual({ kind: 'local' });
    expect(observedProvider(provider)).toBe(observedProvider(provider));
    expect(await sample('frontpage_payment_provider_calls_total{provider="local",operation="refundCharge",result="error"}')).toBe(1);
  });

  it('are one registry per process, whichever module graph asks (Next loads a module once per bundle)', () => {
    let other: typeof import('@/server/observability/metrics') | undefined;
    jest.isolateModules(() => {
      other = jest.requireActual<typeof import('@/server/observability/metrics')>('@/server/observability/metrics');
    });
    expect(other).toBeDefined();
    expect(other!.metricsRegistry()).toBe(metricsRegistry());
    expect(other!.metrics().bookings).toBe(metrics().bookings);
  });
});

describe('the route label', () => {
  it('names the pattern, never a guest link, a date or an id', () => {
    expect(routePattern('/')).toBe('/');
    expect(routePattern('/en')).toBe('/:locale');
    expect(routePattern('/de/reservation?step=2')).toBe('/:locale/reservation');
    expect(routePattern('/reserve/AbC9_xYz-12QWErtyUIop1/edit')).toBe('/reserve/:id/edit');
    expect(routePattern('/api/reservation/day')).toBe('/api/reservation/day');
    expect(routePattern(`/api/staff/sheet/${testDay(0)}`)).toBe('/api/staff/sheet/:date');
    expect(routePattern('/api/experiences/42')).toBe('/api/experiences/:id');
    expect(routePattern('/backend/api/frontpage/reservation/getday')).toBe('/backend/api/frontpage/reservation/getday');
    expect(routePattern('/_next/static/chunks/app-1a2b3c.js')).toBe('/_next/static');
    expect(routePattern('/robots.txt')).toBe('/robots.txt');
    expect(routePattern('/it/promo/Summer%20Party!')).toBe('/:locale/promo/:param');
    expect(routePattern('/a/b/c/d/e/f/g/h')).toBe('/a/b/c/d/e/f/…');
    expect(routePattern('/%E0%A4%A')).toBe(':param');
  });

  it('puts every 404 under `unmatched`, and new patterns past the cap under `other`', () => {
    expect(routeLabel('/wp-admin/setup.php', 404)).toBe('unmatched');
    expect(routeLabel('/en/reservation', 200)).toBe('/:locale/reservation');
    for (let i = 0; i < MAX_ROUTES + 5; i++) routeLabel(`/probe${String.fromCharCode(97 + (i % 26))}/x${String.fromCharCode(97 + Math.floor(i / 26))}`, 200);
    expect(routeLabel('/another/brand-new', 200)).toBe('other');
    expect(routeLabel('/en/reservation', 200)).toBe('/:locale/reservation');
    expect(methodLabel('get')).toBe('GET');
    expect(methodLabel('BREW')).toBe('other');
  });
});

describe('where /metrics is', () => {
  it('reads METRICS_PORT, METRICS_HOST (127.0.0.1 by default) and METRICS_TOKEN', () => {
    expect(metricsAccess({})).toEqual({ port: null, host: '127.0.0.1', token: null });
    expect(metricsAccess({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: ' s3cret ' })).toEqual({ port: 9464, host: '10.0.0.5', token: 's3cret' });
    expect(metricsAccess({ METRICS_PORT: 'x' }).port).toBeNull();
  });

  it('answers on the site port only to the token, asked directly, never through a proxy', () => {
    const ask = (headers: Record<string, string>, url = '/metrics', method = 'GET') => tokenScrapeAllowed({ method, url, headers }, 's3cret');
    expect(ask({ authorization: 'Bearer s3cret' })).toBe(true);
    expect(ask({ authorization: 'Bearer s3cret' }, '/metrics?x=1')).toBe(true);
    expect(ask({})).toBe(false);
    expect(ask({ authorization: 'Bearer wrong' })).toBe(false);
    expect(ask({ authorization: 'Bearer s3cret', 'x-forwarded-for': '203.0.113.9' })).toBe(false);
    expect(ask({ authorization: 'Bearer s3cret', 'x-forwarded-host': 'demo.example' })).toBe(false);
    expect(ask({ authorization: 'Bearer s3cret', forwarded: 'for=203.0.113.9' })).toBe(false);
    expect(ask({ authorization: 'Bearer s3cret' }, '/metrics', 'POST')).toBe(false);
    expect(ask({ authorization: 'Bearer s3cret' }, '/en/metrics')).toBe(false);
    expect(tokenScrapeAllowed({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } }, null)).toBe(false);
  });

  it('on a real server: counts each answer by route, method and status; the token reads /metrics, anyone else reaches the site', async () => {
    process.env.METRICS_TOKEN = 'unit-token';
    installRequestObserver();
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.url ?? '');
      res.statusCode = req.url === '/metrics' ? 404 : 201;
      res.end('site');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 2; i++) expect((await fetch(`${base}/fr/reservation`, { method: 'POST' })).status).toBe(201);
      const withToken = await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer unit-token' } });
      expect(withToken.status).toBe(200);
      expect(withToken.headers.get('content-type')).toContain('text/plain');
      const body = await withToken.text();
      expect(body).toContain('frontpage_http_requests_total{route="/:locale/reservation",method="POST",status="201"} 2');
      expect(body).toMatch(/frontpage_http_request_duration_seconds_count\{route="\/:locale\/reservation",method="POST",status="201"\} 2/);
      // No token, or through a proxy: the site answers (its 404), not the metrics.
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { headers: { authorization: 'Bearer unit-token', 'x-forwarded-for': '198.51.100.7' } })).status).toBe(404);
      expect(seen).toEqual(['/fr/reservation', '/fr/reservation', '/metrics', '/metrics']);
    } finally {
      server.close();
      delete process.env.METRICS_TOKEN;
    }
  });
});
