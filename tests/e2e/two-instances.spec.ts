import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startThrowawayPostgres, type ThrowawayServer } from '../helpers/postgres-server';
import { uniqueEmail } from './helpers';
import { killGroup, opsPort, portOpen, root, siteEnv, startDetached, startNext, startSmtpSink, tempDataDir, waitReady, type SmtpSink, type Started } from './processes';
import { E2E_ADMIN_TOKEN } from './servers';
import { descendsFrom, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver';

/**
 * One region: two instances of the site on one PostgreSQL server, each with its own data
 * directory and its own outbox delivery loop, sending through one real SMTP server.
 * Bookings go through both, and every e-mail arrives exactly once. Ops see both (issue 48): the
 * first instance serves /metrics on a port of its own (METRICS_PORT), the second on its site port
 * behind a token (METRICS_TOKEN); both send their spans to one OTLP/HTTP receiver.
 */
test.describe('two instances on one PostgreSQL', () => {
  test.describe.configure({ timeout: 180_000 });
  const ports = [opsPort(2), opsPort(3)];
  let postgres: ThrowawayServer | undefined;
  let smtp: SmtpSink | undefined;
  let otlp: OtlpReceiver | undefined;
  const metricsPort = opsPort(6);
  const METRICS_TOKEN = 'e2e-metrics-token';
  const sites: Started[] = [];
  const dataDirs: string[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    postgres = await startThrowawayPostgres();
    smtp = await startSmtpSink(opsPort(4));
    otlp = await startOtlpReceiver();
    // Both start at once: migrations run under an advisory lock; both may seed the demo venue, an idempotent import.
    for (const [i, port] of ports.entries()) {
      dataDirs.push(tempDataDir(`instance-${port}`));
      sites.push(
        startNext(
          port,
          siteEnv(port, dataDirs.at(-1)!, {
            DATABASE_URL: postgres.url,
            SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
            OUTBOX_INTERVAL_MS: '300',
            LOG_LEVEL: 'info',
            OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
            OTEL_SERVICE_NAME: `frontpage-${port}`,
            OTEL_BSP_SCHEDULE_DELAY: '200',
            ...(i === 0 ? { METRICS_PORT: String(metricsPort) } : { METRICS_TOKEN }),
          }),
        ),
      );
    }
    await Promise.all(ports.map((port, i) => waitReady(port, sites[i], 120_000)));
  });

  test.afterAll(async () => {
    for (const site of sites) killGroup(site.process.pid);
    await smtp?.close();
    await otlp?.close();
    postgres?.stop();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const randomHex = (bytes: number) => randomBytes(bytes).toString('hex');
  const api = (port: number, path: string, init?: RequestInit) =>
    fetch(`http://localhost:${port}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init?.headers } });

  /** The open days of the next two months, as the booking calendar reads them. */
  async function openDays(port: number): Promise<string[]> {
    const days: string[] = [];
    const now = new Date();
    for (let m = 0; m < 2; m++) {
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1));
      const response = await api(port, `/api/reservation/month?year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}&pax=2`);
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { date: string; state: string }[] };
      days.push(...data.filter((d) => d.state === 'available').map((d) => d.date));
    }
    return days;
  }

  /** Books a table for two on `day` through the instance on `port`, as the booking form does. */
  async function book(port: number, day: string, email: string, headers: Record<string, string> = {}) {
    const dayResponse = await api(port, `/api/reservation/day?day=${day}&pax=2`);
    expect(dayResponse.status).toBe(200);
    const { data } = (await dayResponse.json()) as { data: { slots: { time: string; available: boolean; zones: { key: string; available: boolean }[] }[] } };
    const slot = data.slots.find((s) => s.available && s.zones.some((z) => z.available));
    expect(slot, `a free slot on ${day}`).toBeTruthy();
    const zone = slot!.zones.find((z) => z.available)!;
    const response = await api(port, '/api/reservation', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        pax: 2,
        date: day,
        time: slot!.time,
        zone: zone.key,
        nome: 'Giulia',
        cognome: 'Conti',
        email,
        prefisso: '+39',
        telefono: '3471234567',
        privacy: true,
        language: 'en',
        tokenVersion: 'v3',
        recaptchaV3Token: `local.v3.pass.${Math.random().toString(36).slice(2, 14)}`,
      }),
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.data.outcome).toBe('confirm');
  }

  test('bookings through both instances: each confirmation e-mail is sent exactly once', async () => {
    // Not the first open day: its last slots could pass the booking notice while the test runs.
    const days = (await openDays(ports[0])).slice(1);
    expect(days.length).toBeGreaterThan(3);
    const bookings = Array.from({ length: 8 }, (_, i) => ({ port: ports[i % 2], day: days[i % 4], email: uniqueEmail(`region${i}`) }));
    // Both instances take bookings at the same time; both delivery loops race for the outbox.
    await Promise.all(bookings.map((b) => book(b.port, b.day, b.email)));

    const toGuest = (email: string) => smtp!.received.filter((m) => m.to.includes(email));
    await expect.poll(() => bookings.filter((b) => toGuest(b.email).length > 0).length, { timeout: 30_000 }).toBe(bookings.length);
    // Several more passes of both loops: nothing is sent a second time.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const b of bookings) expect(toGuest(b.email), b.email).toHaveLength(1);
    // Every outbox message (the guests' confirmations and the venue's notifications) arrived once, with its own Message-ID.
    const rows = smtp!.received.map((m) => m.outboxMessage);
    const ids = smtp!.received.map((m) => m.messageId);
    expect(rows.every(Boolean) && ids.every(Boolean)).toBe(true);
    expect(new Set(rows).size).toBe(rows.length);
    expect(new Set(ids).size).toBe(ids.length);
    expect(rows.length).toBe(bookings.length * 2);

    // Both instances read the same outbox: nothing queued, nothing failed.
    for (const port of ports) {
      const health = await (await api(port, '/api/health')).json();
      expect(health).toMatchObject({ status: 'ok', database: { status: 'up', driver: 'postgres' }, outbox: { queued: 0, failed: 0 }, providers: { email: 'smtp' } });
    }
  });

  /** The demo venue file with its English tagline changed, imported through one instance's admin API. */
  async function importTagline(port: number, tagline: string) {
    const file = JSON.parse(fs.readFileSync(path.join(root, 'venues/demo.json'), 'utf8'));
    file.tagline = { ...file.tagline, en: tagline };
    const response = await api(port, '/api/admin/venues', { method: 'POST', body: JSON.stringify(file), headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` } });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  test('a venue import on one instance refreshes the other at once (PostgreSQL LISTEN/NOTIFY), not after the cache time (issue 27)', async () => {
    // The other instance has the page in its cache, and would keep it for minutes.
    const before = await (await fetch(`http://localhost:${ports[1]}/en`)).text();
    expect(before).not.toContain('Tagline heard on the other instance');
    const started = Date.now();
    await importTagline(ports[0], 'Tagline heard on the other instance');
    await expect.poll(async () => (await (await fetch(`http://localhost:${ports[1]}/en`)).text()).includes('Tagline heard on the other instance'), { timeout: 10_000, intervals: [100] }).toBe(true);
    console.log(`venue import seen on the other instance after ${Date.now() - started} ms`);
  });

  test('a page rendered by one instance is served by the other, and by an instance started afterwards, from the shared page cache (issue 43)', async () => {
    // A page neither instance has asked for yet: generated once, on the first.
    const pathname = '/de/frontpage/giftcards';
    const first = await fetch(`http://localhost:${ports[0]}${pathname}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-nextjs-cache')).toBe('MISS');
    const html = await first.text();
    // The other instance never generated it: it serves the first one's, from the table.
    await expect.poll(async () => (await fetch(`http://localhost:${ports[1]}${pathname}`)).headers.get('x-nextjs-cache'), { timeout: 10_000, intervals: [100] }).toBe('HIT');
    expect(await (await fetch(`http://localhost:${ports[1]}${pathname}`)).text()).toBe(html);
    // An instance started now, its memory empty (as after a restart), serves it at its first request.
    const port = opsPort(1);
    const dataDir = tempDataDir(`instance-${port}`);
    const third = startNext(port, siteEnv(port, dataDir, { DATABASE_URL: postgres!.url, LOG_LEVEL: 'warn' }));
    try {
      await waitReady(port, third, 120_000);
      const fresh = await fetch(`http://localhost:${port}${pathname}`);
      expect(fresh.headers.get('x-nextjs-cache')).toBe('HIT');
      expect(await fresh.text()).toBe(html);
    } finally {
      killGroup(third.process.pid);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  /** /metrics of each instance, as Prometheus scrapes it: the first on its own port, the second with its token. */
  async function scrape(i: 0 | 1): Promise<string> {
    const response = i === 0 ? await fetch(`http://127.0.0.1:${metricsPort}/metrics`) : await fetch(`http://127.0.0.1:${ports[1]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    return response.text();
  }
  /** A series' value in a scrape (0 when the series is not there yet). */
  const valueOf = (text: string, series: string) => Number(text.split('\n').find((line) => line.startsWith(`${series} `))?.slice(series.length + 1) ?? 0);
  const CONFIRMED = 'frontpage_bookings_total{kind="table",outcome="confirm",source="web"}';
  const BOOKING_POSTS = 'frontpage_http_requests_total{route="/api/reservation",method="POST",status="200"}';

  test('/metrics of both instances: a booking is counted once, on the instance that took it', async () => {
    const before = [await scrape(0), await scrape(1)];
    const day = (await openDays(ports[0]))[2];
    await book(ports[0], day, uniqueEmail('metrics'));
    const after = [await scrape(0), await scrape(1)];
    expect(valueOf(after[0], CONFIRMED) - valueOf(before[0], CONFIRMED)).toBe(1);
    expect(valueOf(after[1], CONFIRMED) - valueOf(before[1], CONFIRMED)).toBe(0);
    expect(valueOf(after[0], BOOKING_POSTS) - valueOf(before[0], BOOKING_POSTS)).toBe(1);
    expect(valueOf(after[1], BOOKING_POSTS) - valueOf(before[1], BOOKING_POSTS)).toBe(0);
    // What both read from the region's database, and each its own pool and event loop.
    for (const text of after) {
      expect(valueOf(text, 'frontpage_database_up')).toBe(1);
      expect(text).toMatch(/^frontpage_outbox_queued \d+$/m);
      expect(text).toMatch(/^frontpage_outbox_oldest_age_seconds \d+$/m);
      expect(text).toMatch(/^frontpage_payments_failed \d+$/m);
      expect(valueOf(text, 'frontpage_db_pool_connections{state="total"}')).toBeGreaterThan(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds');
    }
    // The confirmation e-mails went out through the delivery loops: counted where they were sent.
    await expect.poll(async () => valueOf(await scrape(0), 'frontpage_outbox_sends_total{channel="email"}') + valueOf(await scrape(1), 'frontpage_outbox_sends_total{channel="email"}'), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  });

  test('/metrics is not served to the venue\'s host: not without the token, not with another\'s, not through a proxy', async () => {
    for (const port of ports) {
      const asked: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-for': '203.0.113.7' }, { authorization: `Bearer ${METRICS_TOKEN}`, 'x-forwarded-host': 'demo.localhost' }];
      for (const headers of asked) {
        const response = await fetch(`http://localhost:${port}/metrics`, { headers });
        const body = await response.text();
        expect([port, headers, response.status]).toEqual([port, headers, 404]);
        expect(body).not.toContain('frontpage_http_requests_total');
      }
    }
    // The first has no token: its metrics are on their own port only, bound to the loopback address.
    expect((await fetch(`http://localhost:${ports[0]}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/en`)).status).toBe(404);
  });

  test('one booking\'s trace: its request, contract call and SQL statements joined in the collector, its log lines carrying the trace id', async () => {
    const traceId = randomHex(16);
    const parent = randomHex(8);
    const day = (await openDays(ports[0]))[3];
    const logged = sites[0].output().length;
    await book(ports[0], day, uniqueEmail('traced'), { traceparent: `00-${traceId}-${parent}-01` });
    await expect.poll(() => otlp!.trace(traceId).some((s) => s.name === 'backend reservation/create'), { timeout: 15_000 }).toBe(true);
    const spans = otlp!.trace(traceId);
    const request = spans.find((s) => s.parentSpanId === parent);
    expect(request).toMatchObject({ name: 'POST /api/reservation', kind: 2, service: `frontpage-${ports[0]}`, attributes: { 'http.response.status_code': 200, 'http.route': '/api/reservation' } });
    const call = spans.find((s) => s.name === 'backend reservation/create')!;
    expect(descendsFrom(spans, call, request!)).toBe(true);
    const statements = spans.filter((s) => s.attributes['db.client'] === 'postgresql');
    expect(statements.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^INSERT reservations/)]));
    for (const s of statements) expect(descendsFrom(spans, s, request!)).toBe(true);
    // No other instance took part, and no guest's data is in a span.
    expect(new Set(spans.map((s) => s.service))).toEqual(new Set([`frontpage-${ports[0]}`]));
    expect(JSON.stringify(spans)).not.toContain('traced');
    // The request's log lines (the booking's among them) carry its trace id.
    const lines = sites[0]
      .output()
      .slice(logged)
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { event: string; trace_id?: string; span_id?: string });
    const created = lines.find((line) => line.event === 'reservation_created' && line.trace_id === traceId);
    expect(created, JSON.stringify(lines.slice(-5))).toBeDefined();
    expect(spans.map((s) => s.spanId)).toContain(created!.span_id);
    // The delivery loop's sends are spans too (their own traces: the loop is no request).
    await expect.poll(() => otlp!.spans.some((s) => s.name === 'outbox send email'), { timeout: 15_000 }).toBe(true);
  });

  test('nginx in front (docs/nginx/frontpage.conf): pages from its micro-cache, nothing of one guest ever from it, an import shows through it (issue 27)', async () => {
    const nginxPort = opsPort(5);
    const dir = tempDataDir('nginx');
    const conf = fs
      .readFileSync(path.join(root, 'docs/nginx/frontpage.conf'), 'utf8')
      .replace('/var/cache/nginx/frontpage', path.join(dir, 'cache'))
      .replace('127.0.0.1:3000', `127.0.0.1:${ports[0]}`)
      .replace('127.0.0.1:3001', `127.0.0.1:${ports[1]}`)
      .replace('listen 80;', `listen 127.0.0.1:${nginxPort};`);
    fs.writeFileSync(path.join(dir, 'frontpage.conf'), conf);
    const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${path.join(dir, t)};`).join('\n  ');
    fs.writeFileSync(
      path.join(dir, 'nginx.conf'),
      `daemon off;\nworker_processes 1;\n${process.getuid?.() === 0 ? 'user root;\n' : ''}pid ${path.join(dir, 'nginx.pid')};\nerror_log ${path.join(dir, 'error.log')} warn;\nevents { worker_connections 256; }\nhttp {\n  access_log off;\n  ${temp}\n  include ${path.join(dir, 'frontpage.conf')};\n}\n`,
    );
    const nginx = startDetached('/usr/sbin/nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf')], process.env);
    try {
      await expect.poll(() => portOpen(nginxPort), { timeout: 10_000 }).toBe(true);
      const via = (p: string, headers: Record<string, string> = {}) => fetch(`http://localhost:${nginxPort}${p}`, { headers, redirect: 'manual' });

      // A cacheable page: the second request within the second is nginx's.
      const first = await via('/en/frontpage/esperienze');
      expect(first.status, nginx.output()).toBe(200);
      const second = await via('/en/frontpage/esperienze');
      expect(second.headers.get('x-cache-status')).toBe('HIT');

      // The partner flag: set on its answer, which nginx never keeps; the cached home never carries it.
      for (let i = 0; i < 3; i++) {
        const partner = await via('/?src=pc');
        expect(partner.headers.get('set-cookie')).toContain('frontpagePartner=pc');
        expect(partner.headers.get('x-cache-status')).not.toBe('HIT');
      }
      for (let i = 0; i < 3; i++) expect((await via('/')).headers.get('set-cookie')).toBeNull();

      // The language cookie sends an unprefixed address elsewhere: it is part of nginx's key.
      expect((await via('/')).status).toBe(200);
      const german = await via('/', { cookie: 'frontpageLanguage=de' });
      expect(german.status).toBe(307);
      expect(german.headers.get('location')).toMatch(/\/de$/);

      // Per-guest answers: the API, and a booking's own page, are never served from the cache.
      for (let i = 0; i < 3; i++) {
        const api = await via('/api/health');
        expect(api.headers.get('cache-control')).toBe('private, no-store');
        expect(api.headers.get('x-cache-status')).not.toBe('HIT');
      }
      for (let i = 0; i < 3; i++) {
        const answer = await via('/reserve/AAAAAAAAAAAAAAAAAAAAAA/edit');
        expect(answer.headers.get('cache-control')).toMatch(/private|no-store/);
        expect(answer.headers.get('x-cache-status')).not.toBe('HIT');
      }

      // /metrics is never served through the venue's public host, token or not (issue 48).
      for (const headers of [{}, { authorization: `Bearer ${METRICS_TOKEN}` }] as Record<string, string>[]) {
        const metrics = await via('/metrics', headers);
        expect(metrics.status).toBe(404);
        expect(await metrics.text()).not.toContain('frontpage_http_requests_total');
      }

      // A venue import through one instance shows through nginx within its second of cache.
      await via('/en');
      const started = Date.now();
      await importTagline(ports[1], 'Tagline seen through nginx');
      await expect.poll(async () => (await (await via('/en')).text()).includes('Tagline seen through nginx'), { timeout: 10_000, intervals: [200] }).toBe(true);
      console.log(`venue import seen through nginx after ${Date.now() - started} ms`);
    } finally {
      killGroup(nginx.process.pid);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

