import { NextResponse, type NextRequest } from 'next/server';
import { LANGUAGE_COOKIE, defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { isPlainHost, venueKeyForHost } from '@/lib/venue/host';
import {
  PARTNER_CLEAR_VALUE,
  PARTNER_COOKIE,
  PARTNER_QUERY_VALUE,
  isPartnerValue,
  partnerCookieOptions,
} from '@/lib/partner/flag';
import { withFrameAncestors } from '@/lib/embed/frame-ancestors';

const ONE_YEAR = 365 * 24 * 60 * 60;

/** The prefix of the internal page paths, `/v/{venue}/{locale}/...`: only this proxy leads there. */
const INTERNAL_PREFIX = 'v';
/** Where a path that names no page is rewritten: the [...rest] route answers it with the venue's 404 page. */
const NO_PAGE = '/_no-page';
/**
 * Set on every request this proxy rewrites, with a value only this process knows, so that
 * an outside client cannot forge it. The loop guard: should a rewrite ever reach this
 * server again over the network (vercel/next.js#94745), it is served as it is.
 */
export const REWRITTEN_HEADER = 'x-frontpage-rewritten';
const REWRITE_MARK = crypto.randomUUID();

/**
 * Every page request is rewritten to /v/{venue}/{locale}/{path}, so each page is
 * generated once per venue and language and then served from cache (DESIGN.md,
 * "Speed by design"). The locale prefix is as-needed: Italian has none. On a venue's own
 * host, the requests that need none of this are rewritten the same way by Next's own
 * rewrites without running it (lib/venue/fast-routes.cjs, the matcher below).
 */
export function proxy(request: NextRequest) {
  if (request.headers.get(REWRITTEN_HEADER) === REWRITE_MARK) return NextResponse.next();
  // The Host only selects the venue, and only a plain `name[:port]` may: anything else
  // (`localhost:3961@evil.example`) is a 400 before any page (docs/security.md).
  if (request.headers.has('host') && !isPlainHost(request.headers.get('host'))) {
    return new NextResponse('Bad Request: invalid Host header', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });
  }

  const url = request.nextUrl;
  const segments = url.pathname.split('/');
  const first = segments[1] ?? '';
  const cookieLocale = request.cookies.get(LANGUAGE_COOKIE)?.value;
  const venue = venueKeyForHost(request.headers.get('host'));

  // An internal path asked for from outside names no page: the host's own 404, never another venue's page.
  if (safeDecode(first) === INTERNAL_PREFIX) {
    const locale = isLocale(segments[3]) ? segments[3] : isLocale(cookieLocale) ? cookieLocale : defaultLocale;
    return withPartnerFlag(request, rewriteTo(request, `/${INTERNAL_PREFIX}/${venue}/${locale}${NO_PAGE}`));
  }

  let locale: Locale = defaultLocale;
  let rest = url.pathname;
  if (isLocale(first)) {
    locale = first;
    rest = url.pathname.slice(first.length + 1) || '/';
    if (locale === defaultLocale) {
      const res = redirectTo(request, rest);
      res.cookies.set(LANGUAGE_COOKIE, defaultLocale, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
      res.headers.set('Cache-Control', 'private, no-store');
      return withPartnerFlag(request, res);
    }
  } else if (isLocale(cookieLocale) && cookieLocale !== defaultLocale) {
    return withPartnerFlag(request, redirectTo(request, `/${cookieLocale}${url.pathname === '/' ? '' : url.pathname}`));
  }

  // A path with broken %-escapes (`/reserve/%ZZ/edit`) names no page: the site's 404, not the router's 500.
  const page = safeDecode(rest) === null ? NO_PAGE : rest === '/' ? '' : rest;
  // The venue's own websites may frame its pages (embed.origins, docs/embed.md).
  return withFrameAncestors(request, venue, withPartnerFlag(request, rewriteTo(request, `/${INTERNAL_PREFIX}/${venue}/${locale}${page}`)));
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * An address on this server with the request's query. Its origin is `request.url`'s, the
 * one Next runs on (`http://127.0.0.1:3000` when started with `-H 127.0.0.1`, `https:` behind
 * a TLS proxy), not `request.nextUrl`'s, which Next rewrites to `localhost`. Next serves a
 * rewrite in-process only when the origins match, else it proxies it over the network
 * (vercel/next.js#94745). `skipProxyUrlNormalize` (next.config.mjs) keeps `request.url` as
 * Next received it, so `_rsc`, Next's own parameter, is dropped here as Next would.
 */
function sameServer(request: NextRequest, pathname: string): URL {
  const target = new URL(request.url);
  target.pathname = pathname;
  target.searchParams.delete('_rsc');
  return target;
}

/** An in-process rewrite, marked for the loop guard. */
function rewriteTo(request: NextRequest, pathname: string) {
  const headers = new Headers(request.headers);
  headers.set(REWRITTEN_HEADER, REWRITE_MARK);
  return NextResponse.rewrite(sameServer(request, pathname), { request: { headers } });
}

function redirectTo(request: NextRequest, pathname: string) {
  return NextResponse.redirect(sameServer(request, pathname), 307);
}

/** Spec section 4: the partner flag is set on `src=pc` and checked on every request. */
function withPartnerFlag(request: NextRequest, response: NextResponse) {
  const src = request.nextUrl.searchParams.get('src');
  const current = request.cookies.get(PARTNER_COOKIE)?.value;
  if (src === PARTNER_QUERY_VALUE) {
    response.cookies.set(PARTNER_COOKIE, PARTNER_QUERY_VALUE, partnerCookieOptions());
  } else if (src === PARTNER_CLEAR_VALUE || (current !== undefined && !isPartnerValue(current))) {
    response.cookies.delete({ name: PARTNER_COOKIE, path: '/' });
  } else {
    return response;
  }
  // An answer that sets a cookie is this guest's: no shared cache (a CDN, nginx) may keep it and
  // hand the partner flag to everyone (issue 27), whatever the page's own caching says.
  response.headers.set('Cache-Control', 'private, no-store');
  return response;
}

export const config = {
  // Pages only (not Next's assets, the JSON APIs, the backend contract, the MCP server or public files), and of
  // them only the requests the fast path of next.config.mjs cannot take (lib/venue/fast-routes.cjs):
  // a host that is not a plain lower-case venue name, a language or partner cookie, a `src` query, a
  // framed page (its venue's frame-ancestors), the Italian prefix, a %-escape; and every internal
  // path, with an extension too, so that none is reached from outside. Literals, as Next requires;
  // the host pattern is fast-routes.cjs's FAST_HOST (tests/unit/proxy.test.ts checks).
  matcher: [
    { source: '/((?!_next/|api/|backend/|venues/|mcp$|mcp/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)', missing: [{ type: 'header', key: 'host', value: '(?![0-9.]+(?::\\d+)?$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+(?::\\d{1,5})?' }] },
    { source: '/((?!_next/|api/|backend/|venues/|mcp$|mcp/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)', has: [{ type: 'cookie', key: 'frontpageLanguage' }] },
    { source: '/((?!_next/|api/|backend/|venues/|mcp$|mcp/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)', has: [{ type: 'cookie', key: 'frontpagePartner' }] },
    { source: '/((?!_next/|api/|backend/|venues/|mcp$|mcp/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)', has: [{ type: 'query', key: 'src' }] },
    { source: '/((?!_next/|api/|backend/|venues/|mcp$|mcp/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)', has: [{ type: 'header', key: 'sec-fetch-dest', value: 'iframe' }] },
    '/((?!_next/|api/|backend/|venues/).*%.*)',
    '/it',
    '/it/:path*',
    '/v',
    '/v/:path*',
  ],
};
