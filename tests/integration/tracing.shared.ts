import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { descendsFrom, startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver';
import { useSiteDatabase, type Driver } from '../helpers/databases';
import { DEMO_DAYS } from '../helpers/clock';

/**
 * Issue 48: OpenTelemetry traces through the SDK that instrumentation.ts starts, exported over
 * OTLP/HTTP to the collector OTEL_EXPORTER_OTLP_ENDPOINT names (here a receiver of the test):
 * one request's span, the contract call's span under it, each SQL statement's under that, and
 * the request's log lines carrying the same trace id. On both drivers (tracing.pglite.test.ts,
 * tracing.postgres.test.ts): node-postgres's pool sends a statement with a callback, PGlite with a promise.
 */
export function describeTracing(driver: Driver) {
  describe(`traces (${driver})`, () => {
    let receiver: OtlpReceiver;
    beforeAll(async () => {
      receiver = await startOtlpReceiver();
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_SERVICE_NAME = 'frontpage-test';
      const { startTracing } = await import('@/server/observability/otel-sdk');
      expect(startTracing()).toBe(true);
    });
    // Opened after tracing started, as in the server: its statements are wrapped.
    useSiteDatabase(driver, { calendar: true, plainBooking: true });
    afterAll(async () => {
      delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
      await receiver.close();
    });

    it('exports a request, its contract call and its SQL statements as one trace, and its log lines carry its ids', async () => {
      const { installRequestObserver } = await import('@/server/observability/requests');
      const { dispatch } = await import('@/server/backend/dispatch');
      const { log } = await import('@/lib/log');
      const { flushTracing } = await import('@/server/observability/tracing');
      installRequestObserver();
      const server = http.createServer(async (req, res) => {
        log.info('test_request_seen', { path: 'day' });
        const answer = await dispatch('reservation/getday', 'localhost', new URLSearchParams({ day: DEMO_DAYS.wineEvening, pax: '2' }));
        res.writeHead(answer.httpStatus, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer.body));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const lines: string[] = [];
      const write = process.stdout.write.bind(process.stdout);
      const level = process.env.LOG_LEVEL;
      process.env.LOG_LEVEL = 'info';
      process.stdout.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        if (String(chunk).includes('test_request_seen')) lines.push(String(chunk));
        return write(chunk, ...rest);
      }) as typeof process.stdout.write;
      try {
        const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/en/api/day/${DEMO_DAYS.wineEvening}?pax=2`);
        expect(response.status).toBe(200);
      } finally {
        process.stdout.write = write;
        process.env.LOG_LEVEL = level;
        server.close();
      }
      await flushTracing();
      const request = receiver.spans.find((s) => s.name === 'GET /:locale/api/day/:date');
      expect(request).toBeDefined();
      expect(request).toMatchObject({ kind: 2, parentSpanId: undefined, service: 'frontpage-test', attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200, 'http.route': '/:locale/api/day/:date' } });
      const spans = receiver.trace(request!.traceId);
      const call = spans.find((s) => s.name === 'backend reservation/getday');
      expect(call?.parentSpanId).toBe(request!.spanId);
      const statements = spans.filter((s) => s.attributes['db.system.name'] === 'postgresql');
      expect(statements.length).toBeGreaterThan(0);
      for (const s of statements) {
        expect(descendsFrom(spans, s, call!)).toBe(true);
        expect(s.name).toMatch(/^(SELECT|INSERT|UPDATE|DELETE|WITH)\b/);
        expect(s.attributes['db.client']).toBe(driver === 'pglite' ? 'pglite' : 'postgresql');
      }
      // The path's date is in the pattern, not in any span: a span keeps no guest's link.
      expect(JSON.stringify(spans)).not.toContain(DEMO_DAYS.wineEvening);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]) as { trace_id?: string; span_id?: string };
      expect(line.trace_id).toBe(request!.traceId);
      expect(line.span_id).toBe(request!.spanId);
    });

    it('makes a statement a span only inside a span: the loops\' idle statements make no traces', async () => {
      const { getDb } = await import('@/server/db/client');
      const { flushTracing, withSpan } = await import('@/server/observability/tracing');
      const { sql } = await import('drizzle-orm');
      const db = await getDb();
      await db.execute(sql`select 1 as outside_any_span`);
      await withSpan('a pass', {}, () => db.execute(sql`select 1 as inside_a_span`));
      await flushTracing();
      const texts = receiver.spans.map((s) => String(s.attributes['db.query.text'] ?? ''));
      expect(texts.filter((t) => t.includes('inside_a_span'))).toHaveLength(1);
      expect(texts.filter((t) => t.includes('outside_any_span'))).toHaveLength(0);
    });

    it('a front\'s call to its legacy backend is a client span, and carries the trace on (traceparent)', async () => {
      const { observedTransport, propagatingFetch } = await import('@/server/observability/observe');
      const { legacyTransport } = await import('@/lib/backend/legacy');
      const { flushTracing, withSpan } = await import('@/server/observability/tracing');
      const heard: (string | undefined)[] = [];
      const backend = http.createServer((req, res) => {
        heard.push(req.headers.traceparent as string | undefined);
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":true,"data":[]}');
      });
      await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
      try {
        const transport = observedTransport(legacyTransport({ baseUrl: `http://127.0.0.1:${(backend.address() as AddressInfo).port}`, token: 't', host: 'localhost', fetch: propagatingFetch }));
        const traceId = await withSpan('front page', {}, async (span) => {
          await transport('location/get');
          return span.spanContext().traceId;
        });
        await flushTracing();
        const call = receiver.trace(traceId).find((s) => s.name === 'backend location/get');
        expect(call).toMatchObject({ kind: 3, attributes: { 'frontpage.backend': 'legacy' } });
        expect(heard).toEqual([`00-${traceId}-${call!.spanId}-01`]);
      } finally {
        backend.close();
      }
    });
  });
}
