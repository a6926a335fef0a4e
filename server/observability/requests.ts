import 'server-only';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import net from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { errorMessage, log } from '@/lib/log';
import { metrics, secondsSince } from './metrics';
import { methodLabel, routeLabel, routePattern } from './routes';
import { tracer, tracingOn } from './tracing';
import { metricsText } from './scrape';

/**
 * Every request of this process, seen at the HTTP server (like the Host gate,
 * server/http/host-gate.ts), whichever way Next then routes it: a span (kind server, continuing a
 * W3C `traceparent`) in which the whole answer runs, so the backend call, the SQL statements and
 * the log lines of the request are its children; and, once answered, the request counter and
 * latency histogram by route pattern, method and status (docs/observability.md).
 *
 * `/metrics` is never served by the site's own port to a guest (docs/observability.md, "Where
 * /metrics is"): on `METRICS_PORT` it has a port of its own; on the site's port only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and never to a request that came through a proxy
 * (one with `X-Forwarded-*` or `Forwarded`), so not through the venue's public host. Anything
 * else goes on to Next, which answers 404 as for any unknown path.
 */
type Shared = { installed?: boolean; metricsServer?: Server };
const slot = globalThis as typeof globalThis & { __frontpageObservedRequests?: Shared };
const state = () => (slot.__frontpageObservedRequests ??= {});

/** The metrics settings: its own port (and address), or a token on the site's port. */
export function metricsAccess(env: Record<string, string | undefined> = process.env) {
  const port = Number(env.METRICS_PORT);
  return {
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : null,
    host: env.METRICS_HOST?.trim() || '127.0.0.1',
    token: env.METRICS_TOKEN?.trim() || null,
  };
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether a request on the site's port may read /metrics: the token, asked directly (not through a proxy). */
export function tokenScrapeAllowed(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>, token: string | null): boolean {
  if (!token || (request.method !== 'GET' && request.method !== 'HEAD')) return false;
  if ((request.url ?? '').split('?')[0] !== '/metrics') return false;
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h['x-forwarded-host'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  const given = /^Bearer\s+(\S+)$/i.exec(h.authorization ?? '')?.[1];
  return given !== undefined && sameSecret(given, token);
}

/** Answers a scrape. */
async function answerMetrics(response: ServerResponse) {
  try {
    const { body, contentType } = await metricsText();
    response.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
    response.end(body);
  } catch (error) {
    log.error('metrics_failed', { error: errorMessage(error) });
    response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('metrics failed\n');
  }
}

/** Runs `answer` for one request, in its span, and counts it when its answer is finished. */
function observe(request: IncomingMessage, response: ServerResponse, answer: () => boolean): boolean {
  const started = performance.now();
  const method = methodLabel(request.method);
  const url = request.url ?? '/';
  let span: ReturnType<ReturnType<typeof tracer>['startSpan']> | undefined;
  let active = context.active();
  if (tracingOn()) {
    const parent = propagation.extract(ROOT_CONTEXT, request.headers);
    // Named by the path's pattern: the span keeps no guest's link (a booking's hash, a signed token).
    span = tracer().startSpan(`${method} ${routePattern(url)}`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'http.route': routePattern(url) } }, parent);
    active = trace.setSpan(parent, span);
  }
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    const status = response.statusCode;
    const route = routeLabel(url, status);
    const labels = { route, method, status: String(status) };
    const m = metrics();
    m.httpRequests.inc(labels);
    m.httpDuration.observe(labels, secondsSince(started));
    const cache = response.getHeader('x-nextjs-cache');
    if (typeof cache === 'string') m.pageCache.inc({ result: cache.toUpperCase() });
    if (span) {
      span.setAttribute('http.response.status_code', status);
      span.setAttribute('http.route', route);
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      if (!response.writableFinished) span.setAttribute('frontpage.aborted', true);
      span.end();
    }
  };
  response.once('finish', finish);
  response.once('close', finish);
  return context.with(active, answer);
}

type Emit = (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean;
const isHttpPair = (args: unknown[]): args is [IncomingMessage, ServerResponse] =>
  Boolean(args[0] && typeof args[0] === 'object' && 'headers' in args[0] && args[1] && typeof args[1] === 'object' && 'writeHead' in args[1]);

/** Wraps the `request` event of every HTTP server of this process (the metrics server's excepted). Once per process. */
export function installRequestObserver() {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  const prototype = net.Server.prototype as unknown as { emit: Emit };
  const emit = prototype.emit;
  const token = metricsAccess().token;
  prototype.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
    if (event !== 'request' || !isHttpPair(args) || this === state().metricsServer) return emit.call(this, event, ...args);
    const [request, response] = args;
    if (tokenScrapeAllowed(request, token)) {
      void answerMetrics(response);
      return true;
    }
    return observe(request, response, () => emit.call(this, event, ...args));
  };
}

/** `/metrics` on METRICS_PORT (at METRICS_HOST, 127.0.0.1 by default), when set. Once per process. */
export function startMetricsServer(): void {
  const s = state();
  const { port, host } = metricsAccess();
  if (!port || s.metricsServer) return;
  const server = createServer((request, response) => {
    if ((request.url ?? '').split('?')[0] === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) return void answerMetrics(response);
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not Found\n');
  });
  s.metricsServer = server;
  server.on('error', (error) => log.error('metrics_server_failed', { port, host, error: errorMessage(error) }));
  server.listen(port, host, () => log.info('metrics_server_listening', { port, host }));
  // It never keeps the process alive: shutdown ends with the site's server.
  server.unref();
}
