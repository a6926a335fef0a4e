import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FAST_HOST as FAST_HOST_PATTERN } from '@/lib/venue/fast-routes.cjs';

/**
 * The page micro-cache (issue 43, docs/performance.md "What a cached page still cost"): for a
 * second or so, the bytes of a page Next has just served from its page cache are sent again as
 * they are, at the HTTP server, without Next's routing, rewrites, cache look-up, ETag hash and
 * string encoding of the page. What nginx's `proxy_cache` does in front, in the process.
 *
 * What it keeps, and for whom (nothing of a guest's own, and nothing Next did not mark shared):
 * - only an answer Next sent from its page cache (`x-nextjs-cache: HIT`), 200, with a shared-cache
 *   life (`s-maxage`, neither `private` nor `no-store`) and no cookie set: the same bytes any
 *   shared cache in front (nginx, a CDN) may keep for `s-maxage` seconds, kept here at most
 *   PAGE_MICROCACHE_MS (default 1,000 ms);
 * - only for a request whose answer depends on nothing but the address: a GET on a venue's own host
 *   that takes the fast path of page routing (lib/venue/fast-routes.cjs: no language or partner
 *   cookie, no query, no %-escape, not framed), with no RSC or router header of Next's, no
 *   preview cookie, no conditional or range header; keyed by Host, path, Accept-Encoding (the
 *   bytes may be gzipped) and X-Forwarded-Proto (HSTS is sent over https only);
 * - the headers Next sent (the security headers and CSP, Cache-Control, Vary, ETag) with the body.
 *
 * A venue change is never hidden by it: every revalidation of a cache tag (a venue import, here
 * or, through the shared page cache's NOTIFY, on another instance) moves the page cache's epoch
 * (server/cache/page-cache-handler.cjs) and every page kept before it is dropped at once.
 * Nor is a page's life: while Next answers, the page cache handler tells it (through
 * `globalThis.__frontpagePageLifeProbe`) when the cached page it served stops being fresh (its
 * `lastModified` + `revalidate`: the venue's midnight, a promotion's start or end, an experience's
 * 150 s), and the answer is kept no longer than that, however long PAGE_MICROCACHE_MS is (issue 43:
 * pages now live until the venue's midnight, so it may be kept for minutes; at most an hour). An
 * answer whose page is already stale is not kept; one whose life was not told (Next answered it
 * from another request's look-up) is kept at most UNTOLD_LIFE_MS, a second, as before.
 * Bounded in bytes (PAGE_MICROCACHE_KB, default 8,192), the oldest first.
 */

/** What the page cache handler reports of the answer being made: when the page it served stops being fresh (wall-clock ms). */
export type PageLifeSeen = { lifeEnd: number };
/**
 * `globalThis.__frontpagePageCacheEpoch`: moved by the page cache handler on every tag revalidation;
 * `__frontpagePageLifeProbe`: the answer's PageLifeSeen, which the handler's `get` lowers.
 */
type Shared = { __frontpagePageCacheEpoch?: number; __frontpagePageLifeProbe?: AsyncLocalStorage<PageLifeSeen> };
const shared = globalThis as typeof globalThis & Shared;
const epoch = () => shared.__frontpagePageCacheEpoch ?? 0;
const probe = (shared.__frontpagePageLifeProbe ??= new AsyncLocalStorage<PageLifeSeen>());
const wallClock = () => performance.timeOrigin + performance.now();
/** The longest PAGE_MICROCACHE_MS taken (an hour): the page's own life bounds it first. */
const MAX_TTL_MS = 3_600_000;
/** How long an answer is kept when the page cache handler told nothing of its page's life. */
const UNTOLD_LIFE_MS = 1000;

/** A page's answer as it was sent. */
type Entry = { headers: Record<string, number | string | string[]>; body: Buffer; until: number; epoch: number };

/** Cookies some router reads: the proxy (language, partner) and Next's preview and draft modes. */
const ROUTING_COOKIE = /(?:^|;\s*)(?:frontpageLanguage|frontpagePartner|__prerender_bypass|__next_preview_data)=/;
/** Request headers that change Next's answer (RSC payloads, prefetches, interception, on-demand revalidation) or make it partial or conditional. */
const ANSWER_HEADERS = ['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'next-action', 'x-prerender-revalidate', 'range', 'if-none-match', 'if-modified-since', 'if-match', 'if-unmodified-since', 'authorization'];
/** First path segments that are never a page (as the fast path's rewrites say), and files. */
const NOT_A_PAGE = /^\/(?:_next|api|backend|mcp|venues|v|it)(?:\/|$)|\.[a-z0-9]+$|%/i;
const FAST_HOST = new RegExp(`^${FAST_HOST_PATTERN}$`);
/** Headers Node writes itself for each answer. */
const PER_ANSWER = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** The micro-cache's key of a request, or null when its answer may depend on more than its address. */
export function microCacheKey(request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>): string | null {
  const { headers } = request;
  const url = request.url ?? '';
  const host = headers.host;
  if (request.method !== 'GET' || !url.startsWith('/') || url.includes('?') || NOT_A_PAGE.test(url)) return null;
  if (typeof host !== 'string' || !FAST_HOST.test(host)) return null;
  if (headers['sec-fetch-dest'] === 'iframe' || ROUTING_COOKIE.test(headers.cookie ?? '')) return null;
  for (const name of ANSWER_HEADERS) if (headers[name] !== undefined) return null;
  return `${host}\n${url}\n${headers['accept-encoding'] ?? ''}\n${headers['x-forwarded-proto'] ?? ''}`;
}

/** Whether an answer, as Next finished it, is one the micro-cache may keep. */
export function keepable(response: Pick<ServerResponse, 'statusCode' | 'getHeader'>): boolean {
  if (response.statusCode !== 200 || response.getHeader('x-nextjs-cache') !== 'HIT' || response.getHeader('set-cookie') !== undefined) return false;
  const cacheControl = response.getHeader('cache-control');
  return typeof cacheControl === 'string' && /\bs-maxage=\d+/.test(cacheControl) && !/\b(?:private|no-store|no-cache)\b/.test(cacheControl);
}

export type PageMicroCache = {
  /** Answers the request from the cache; false when it holds no fresh copy (then `capture` it). */
  serve(key: string, response: ServerResponse): boolean;
  /**
   * Keeps the answer Next is about to send for this key, if it is keepable once finished, no longer
   * than its page lives; returns what runs Next's handling (so the page cache handler can tell that life).
   */
  capture(key: string, response: ServerResponse): <T>(handle: () => T) => T;
  /** What it holds (tests, metrics). */
  readonly size: number;
};

const toBuffer = (chunk: unknown, encoding?: unknown): Buffer | null =>
  typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : null;

/**
 * The answer's bytes in a buffer of their own. Not `Buffer.concat`: it takes a buffer under
 * Buffer.poolSize / 2 (32 KB on Node 24) as a slice of a shared 64-KB pool slab, and a kept answer
 * of 7 KB then holds its whole slab alive for as long as it is kept (issue 43: 2,500 gzipped pages
 * kept held 172 MB of slabs, 25,000 about 1.5 GB; docs/performance.md "what a kept page holds").
 */
function ownCopy(chunks: readonly Uint8Array[]): Buffer {
  let length = 0;
  for (const chunk of chunks) length += chunk.byteLength;
  const body = Buffer.allocUnsafeSlow(length);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** PAGE_MICROCACHE_MS (default 1,000, at most an hour; 0 turns it off) and PAGE_MICROCACHE_KB (default 8,192). */
export function microCacheSettings(env: Record<string, string | undefined> = process.env) {
  const ms = Number(env.PAGE_MICROCACHE_MS ?? 1000);
  const kb = Number(env.PAGE_MICROCACHE_KB ?? 8192);
  return { ttlMs: Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_TTL_MS) : 1000, maxBytes: (Number.isFinite(kb) && kb > 0 ? kb : 8192) * 1024 };
}

const direct = <T>(handle: () => T) => handle();

/** A micro-cache; `clock` (milliseconds, monotonic) for tests. */
export function createPageMicroCache({ ttlMs, maxBytes, clock = () => performance.now() }: { ttlMs: number; maxBytes: number; clock?: () => number }): PageMicroCache {
  const entries = new Map<string, Entry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };
  const keep = (key: string, entry: Entry) => {
    drop(key);
    if (entry.body.length > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
    while (bytes > maxBytes) drop(entries.keys().next().value as string);
  };
  return {
    get size() {
      return entries.size;
    },
    serve(key, response) {
      const entry = entries.get(key);
      if (!entry) return false;
      if (entry.until <= clock() || entry.epoch !== epoch()) {
        drop(key);
        return false;
      }
      // Set one by one, so that the request observer reads them as Next's (x-nextjs-cache: the page cache metric).
      for (const name in entry.headers) response.setHeader(name, entry.headers[name]);
      response.writeHead(200);
      response.end(entry.body);
      return true;
    },
    capture(key, response) {
      if (ttlMs <= 0) return direct;
      const at = epoch();
      const seen: PageLifeSeen = { lifeEnd: Infinity };
      const chunks: Buffer[] = [];
      let whole = true;
      const write = response.write;
      const end = response.end;
      response.write = function (this: ServerResponse, ...args: unknown[]) {
        const chunk = toBuffer(args[0], args[1]);
        if (chunk) chunks.push(chunk);
        else if (args[0] != null) whole = false;
        return (write as (...a: unknown[]) => boolean).apply(this, args);
      } as ServerResponse['write'];
      response.end = function (this: ServerResponse, ...args: unknown[]) {
        if (typeof args[0] !== 'function' && args[0] != null) {
          const chunk = toBuffer(args[0], args[1]);
          if (chunk) chunks.push(chunk);
          else whole = false;
        }
        response.write = write;
        response.end = end;
        // Kept only when nothing moved the epoch while it was generated, and never a HEAD's empty body.
        // Kept for PAGE_MICROCACHE_MS, but never past the life of the page Next served it from.
        const life = Math.min(ttlMs, seen.lifeEnd === Infinity ? UNTOLD_LIFE_MS : seen.lifeEnd - wallClock());
        if (whole && at === epoch() && life > 0 && keepable(this)) {
          const headers: Entry['headers'] = {};
          for (const [name, value] of Object.entries(this.getHeaders())) if (value !== undefined && !PER_ANSWER.has(name)) headers[name] = value;
          const body = ownCopy(chunks);
          headers['content-length'] = body.length;
          keep(key, { headers, body, until: clock() + life, epoch: at });
        }
        return (end as (...a: unknown[]) => ServerResponse).apply(this, args);
      } as ServerResponse['end'];
      return (handle) => probe.run(seen, handle);
    },
  };
}
