import 'server-only';
import { UNAVAILABLE, type ActionResult } from '@/lib/backend/client';
import { NextRequest } from 'next/server';
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { isPlainHost } from '@/lib/venue/host';
import it from '@/messages/it.json';
import en from '@/messages/en.json';
import fr from '@/messages/fr.json';
import es from '@/messages/es.json';
import de from '@/messages/de.json';
import { isLimitName, RATE_LIMITED, RateLimitedError, rateLimitedResponse } from '@/server/limits';

/**
 * What the site's `/api/*` handlers share (server/booking, experiences, giftcards, promo,
 * fidelity): JSON answers no cache keeps, the request's JSON body, and the answer of a
 * backend action.
 */

/** A JSON answer that browsers and proxies never keep (it is per guest). */
export const noStoreJson = (body: unknown, status: number, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { 'Cache-Control': 'private, no-store', ...headers } });

/** The request's body when it is a JSON object; null for anything else (then a 400). */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A backend action's result for the browser: `{data}`; 503 `unavailable` when the backend
 * cannot be reached; 429 with `Retry-After` for an abuse limit; 400 with the fields' message
 * keys for bad input; any other refusal at its status in `refusals`, else `fallback`.
 */
export function actionAnswer(result: ActionResult, refusals: Record<string, number>, fallback = 409): Response {
  if (result.status) return noStoreJson({ data: result.data }, 200);
  if (result.error === UNAVAILABLE || result.error === 'generic') return noStoreJson({ error: result.error }, 503);
  if (result.error === RATE_LIMITED) return rateLimitedResponse(new RateLimitedError(isLimitName(result.limit) ? result.limit : 'liveHolds', result.retryAfter ?? 60));
  // A key reused with other input is a conflict, as the contract answers it (409), not a form error.
  if (result.error === 'idempotencyKeyReused') return noStoreJson({ error: result.error, fieldErrors: result.fieldErrors }, 409);
  if (Object.keys(result.fieldErrors).length || result.error === 'invalid') return noStoreJson({ error: result.error, fieldErrors: result.fieldErrors }, 400);
  return noStoreJson({ error: result.error }, refusals[result.error] ?? fallback);
}

/* ------------------------------------------------------------------------------------------
 * The gate of every state-changing request (docs/security.md, "Requests"): a plain Host, the
 * same origin, the documented content type, a body no larger than the route allows (by
 * Content-Length and while reading), JSON no deeper than MAX_JSON_DEPTH. One place, used by
 * every POST handler through `guarded`.
 * ---------------------------------------------------------------------------------------- */

/** Body limits (bytes): the guest API, the CSP report, the admin venue import and the backend contract. */
export const BODY_LIMITS = { guest: 64 * 1024, cspReport: 16 * 1024, adminImport: 2 * 1024 * 1024, contract: 64 * 1024, webhook: 512 * 1024 } as const;
/** JSON nested deeper than this is refused (400) before it is parsed. */
export const MAX_JSON_DEPTH = 32;

export type RequestRefusal = 'badHost' | 'crossSite' | 'unsupportedMediaType' | 'tooLarge' | 'tooDeep';

const refusalStatus: Record<RequestRefusal, number> = { badHost: 400, crossSite: 403, unsupportedMediaType: 415, tooLarge: 413, tooDeep: 400 };
const catalogues = { it, en, fr, es, de } as unknown as Record<Locale, { requests: Record<RequestRefusal, string> }>;

/** The guest's language for a refusal: the language cookie, else the first supported of Accept-Language, else Italian. */
function requestLocale(request: Request): Locale {
  const cookie = /(?:^|;\s*)frontpageLanguage=([a-z]{2})/.exec(request.headers.get('cookie') ?? '')?.[1];
  if (isLocale(cookie)) return cookie;
  const accepted = (request.headers.get('accept-language') ?? '').split(',').map((part) => part.trim().slice(0, 2).toLowerCase());
  return accepted.find(isLocale) ?? defaultLocale;
}

/** A refusal of the gate: `{error, message}` (the message translated for the guest), never cached. */
export function refusal(request: Request, error: RequestRefusal): Response {
  return noStoreJson({ error, message: catalogues[requestLocale(request)].requests[error] }, refusalStatus[error]);
}

/** Content types by route: what each documents (docs/security.md). */
export type BodyType = 'json' | 'form' | 'csp-report' | 'none';
/** `none`: a call without a body (a DELETE): any content type, and nothing in it (limit 0). */
const contentTypes: Record<Exclude<BodyType, 'none'>, string[]> = {
  json: ['application/json'],
  form: ['application/x-www-form-urlencoded'],
  'csp-report': ['application/csp-report', 'application/reports+json', 'application/json'],
};

/** The host[:port] of an origin, or null when it is none (`null`, garbage). */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a browser sent the request from this site: its Origin names the host it was sent to
 * (Host, or the X-Forwarded-Host a trusted proxy wrote, or the venue's configured origin);
 * without Origin, Sec-Fetch-Site is `same-origin` or `none` (typed by the user). A client that
 * sends neither is no browser (a script or test with no cookies of the guest) and goes on.
 */
export function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin !== null) {
    const from = originHost(origin);
    if (!from) return false;
    const host = request.headers.get('host')?.trim().toLowerCase() ?? '';
    const allowed = new Set([host]);
    const forwarded = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim().toLowerCase();
    if (forwarded && Number(process.env.TRUST_PROXY_HOPS) > 0 && isPlainHost(forwarded)) allowed.add(forwarded);
    if (process.env.SITE_URL) allowed.add(new URL(process.env.SITE_URL).host.toLowerCase());
    return allowed.has(from);
  }
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}

/**
 * A scan of JSON nesting, fed chunk by chunk as the body arrives (no recursion, no parse):
 * counts `[`/`{` against `]`/`}` outside strings. UTF-8 bytes of other characters are all
 * above 0x7f, so the bytes can be scanned as they come.
 */
export function depthScanner(max = MAX_JSON_DEPTH) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  /** Feeds bytes; true once the nesting has gone deeper than `max`. */
  return (bytes: Uint8Array): boolean => {
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 91 || c === 123) {
        if (++depth > max) return true;
      } else if (c === 93 || c === 125) depth--;
    }
    return false;
  };
}

/** Whether the JSON text nests deeper than `max`. */
export const jsonTooDeep = (text: string, max = MAX_JSON_DEPTH) => depthScanner(max)(new TextEncoder().encode(text));

/**
 * The body as text, read up to `limit` bytes: a Content-Length above it is refused before
 * reading (`tooLarge`), and a chunked body is cancelled as soon as it passes it; `inspect`
 * sees each chunk as it arrives and can stop the reading with its own refusal (`tooDeep`).
 */
export async function readCappedText(request: Request, limit: number): Promise<string | null> {
  const read = await readBody(request, limit);
  return 'text' in read ? read.text : null;
}

type BodyRead = { text: string } | { refused: 'tooLarge' | 'tooDeep' };

async function readBody(request: Request, limit: number, inspect?: (bytes: Uint8Array) => boolean): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && (!/^\d+$/.test(declared.trim()) || Number(declared) > limit)) return { refused: 'tooLarge' };
  if (!request.body) return { text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    const refused = size > limit ? 'tooLarge' : inspect?.(value) ? 'tooDeep' : null;
    if (refused) {
      await reader.cancel().catch(() => undefined);
      return { refused };
    }
    chunks.push(value);
  }
  return { text: Buffer.concat(chunks).toString('utf8') };
}

export type GateOptions = {
  /** The documented content type of the body. */
  type: BodyType;
  /** The body limit in bytes (BODY_LIMITS.guest unless said). */
  limit?: number;
  /** Cross-site requests are refused, except for the exempt callers (webhook, bearer APIs, CSP report). */
  sameOrigin?: boolean;
};

/**
 * Checks a request through the gate; the refusal, or a copy of the request whose body has been
 * read (within its limit) and can be read again by the handler.
 */
export async function gate<R extends Request>(request: R, options: GateOptions): Promise<{ response: Response } | { request: R; text: string }> {
  // Node refuses an HTTP/1.1 request with no Host; only an in-process call has none.
  if ((request.headers.has('host') && !isPlainHost(request.headers.get('host'))) || (request.headers.has('x-forwarded-host') && !isPlainHost(request.headers.get('x-forwarded-host')?.split(',')[0]))) {
    return { response: refusal(request, 'badHost') };
  }
  if (options.sameOrigin !== false && !isSameOrigin(request)) return { response: refusal(request, 'crossSite') };
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (options.type !== 'none' && !contentTypes[options.type].includes(type)) return { response: refusal(request, 'unsupportedMediaType') };
  const limit = options.type === 'none' ? 0 : (options.limit ?? BODY_LIMITS.guest);
  const read = await readBody(request, limit, options.type === 'form' ? undefined : depthScanner()).catch((): BodyRead => ({ text: '' }));
  if ('refused' in read) return { response: refusal(request, read.refused) };
  const text = read.text;
  // Always a NextRequest (cookies, nextUrl): the one Next hands in may come from another copy of the class.
  const copy = new NextRequest(request.url, { method: request.method, headers: request.headers, body: text }) as unknown as R;
  return { request: copy, text };
}

/** A POST handler behind the gate: `export const handleX = guarded({ type: 'json' }, async (request) => ...)`. */
export function guarded<R extends Request, A extends unknown[]>(options: GateOptions, handler: (request: R, ...rest: A) => Promise<Response>) {
  return async (request: R, ...rest: A): Promise<Response> => {
    const passed = await gate(request, options);
    return 'response' in passed ? passed.response : handler(passed.request, ...rest);
  };
}
