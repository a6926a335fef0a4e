import 'server-only';
import net from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isPlainHost } from '@/lib/venue/host';
import { microCacheKey, type PageMicroCache } from './page-micro-cache';

/**
 * The Host gate of every answer (issue 41; docs/security.md, "One origin rule for every link"),
 * at the HTTP server itself, so that it holds on every path, whichever way Next routes it (the
 * proxy, the fast path of next.config.mjs, the sitemap and robots routes, Next's own files):
 *
 * - a malformed Host (`localhost:3000@evil.example`, a path, a second host) is a 400, before
 *   Next sees the request: such a Host never selects a venue nor reaches a page;
 * - a 404 is never publicly cacheable: Next gives the pages it generates once per venue
 *   (`s-maxage`) the same cache life when they answer 404, which for a host no venue has would
 *   let a shared cache keep a page per forged host. Its `Cache-Control` becomes private.
 *
 * Installed once per process from instrumentation.ts, like the client address
 * (server/http/client-address.ts), by wrapping the servers' `request` event.
 */
const PRIVATE = 'private, no-cache, no-store, max-age=0, must-revalidate';

type Shared = { __frontpageHostGate?: boolean; __frontpageKnownHost?: KnownHost; __frontpagePageMicroCache?: PageMicroCache };
const shared = globalThis as typeof globalThis & Shared;

/** A plain-text answer that names no link and no shared cache keeps: the 400 of a malformed Host, the 404 of an unknown one. */
export function plainAnswer(status: 400 | 404): Response {
  const text = status === 400 ? 'Bad Request: invalid Host header' : 'Not Found';
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE } });
}

/** Whether a request's Host may be served: absent (HTTP/1.0), or a plain `name[:port]`. */
export function isServableHost(host: string | string[] | undefined): boolean {
  return host === undefined || (typeof host === 'string' && isPlainHost(host));
}

/**
 * The longest a shared cache in front (a CDN) may keep a page (issue 43): the site keeps its pages
 * until their venue changes or an experience sells out (docs/operations.md "How long a page
 * lives"), which a CDN is not told, so it is told no more than the 150 s it always was.
 */
export const SHARED_CACHE_MAX_SECONDS = 150;

/** A `Cache-Control` a 404 may carry: a public or shared-cache one becomes private. A page's `s-maxage` at most SHARED_CACHE_MAX_SECONDS. */
export function cacheControlFor(status: number, value: string): string {
  if (status === 404 && /\b(public|s-maxage)\b/i.test(value)) return PRIVATE;
  return value.replace(/\bs-maxage=(\d+)/i, (all, seconds: string) => (Number(seconds) > SHARED_CACHE_MAX_SECONDS ? `s-maxage=${SHARED_CACHE_MAX_SECONDS}` : all));
}

/** Holds one answer to the two rules above. */
export function gate(request: IncomingMessage, response: ServerResponse): boolean {
  if (!isServableHost(request.headers.host)) {
    response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE });
    response.end(request.method === 'HEAD' ? undefined : 'Bad Request: invalid Host header');
    return false;
  }
  const setHeader = response.setHeader;
  response.setHeader = function (this: ServerResponse, name: string, value: number | string | readonly string[]) {
    const fixed = name.toLowerCase() === 'cache-control' && typeof value === 'string' ? cacheControlFor(this.statusCode, value) : value;
    return setHeader.call(this, name, fixed);
  } as ServerResponse['setHeader'];
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse['writeHead']>) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode;
    const current = this.getHeader('cache-control');
    if (typeof current === 'string') setHeader.call(this, 'Cache-Control', cacheControlFor(status, current));
    return writeHead.apply(this, args);
  } as ServerResponse['writeHead'];
  return true;
}

/** Whether a host (a plain `name[:port]`) is one a venue has; a rejection lets the request through. */
export type KnownHost = (host: string) => Promise<boolean>;

/** First path segments that never name a page: Next's files, the calls, the MCP server, the internal pages. */
const NOT_A_PAGE = /^\/(?:_next|api|backend|mcp)(?:\/|$)/;

/**
 * Whether a request asks for a page (GET or HEAD, not a call, not one of Next's files, not a file
 * with an extension such as robots.txt or sitemap.xml): what an unknown host is refused before Next renders it.
 */
export function asksForPage(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = (url ?? '/').split('?')[0];
  if (NOT_A_PAGE.test(pathname)) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}

/**
 * The answer to a page asked for on a host no venue has (issue 43): a plain 404 of a few bytes that
 * no shared cache keeps, before anything is rendered or cached for that host.
 */
export function answerUnknownHost(request: IncomingMessage, response: ServerResponse) {
  response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': PRIVATE });
  response.end(request.method === 'HEAD' ? undefined : 'Not Found');
}

/**
 * Wraps the `request` event of every HTTP(S) server of this process. Once per process. With
 * `knownHost`, a page asked for on a host it does not know is answered by `answerUnknownHost`
 * without reaching Next (a host no venue has costs one cached look-up, not a render). With
 * `microCache`, a page Next has just answered from its page cache is sent again from it for a
 * moment, before any look-up (server/http/page-micro-cache.ts, issue 43).
 */
export function installHostGate(options: { knownHost?: KnownHost; microCache?: PageMicroCache } = {}) {
  // The look-up and micro-cache of the latest call hold (a test changes them); the wrapping is made once.
  shared.__frontpageKnownHost = options.knownHost;
  shared.__frontpagePageMicroCache = options.microCache;
  if (shared.__frontpageHostGate) return;
  const prototype = net.Server.prototype as unknown as { emit: (this: net.Server, event: string | symbol, ...args: unknown[]) => boolean };
  const emit = prototype.emit;
  prototype.emit = function (this: net.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request' && args[0] && typeof args[0] === 'object' && 'headers' in args[0] && args[1] && typeof args[1] === 'object' && 'writeHead' in args[1]) {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (!gate(request, response)) return true;
      const microCache = shared.__frontpagePageMicroCache;
      const key = microCache ? microCacheKey(request) : null;
      // Next's handling, run where the page cache handler can tell the micro-cache its page's life.
      let handle = <T>(next: () => T) => next();
      if (microCache && key !== null) {
        if (microCache.serve(key, response)) return true;
        handle = microCache.capture(key, response);
      }
      const host = request.headers.host;
      const knownHost = shared.__frontpageKnownHost;
      if (knownHost && typeof host === 'string' && asksForPage(request.method, request.url)) {
        knownHost(host).then(
          (known) => (known ? handle(() => emit.call(this, event, ...args)) : answerUnknownHost(request, response)),
          () => handle(() => emit.call(this, event, ...args)),
        );
        return true;
      }
      return handle(() => emit.call(this, event, ...args));
    }
    return emit.call(this, event, ...args);
  };
  shared.__frontpageHostGate = true;
}
