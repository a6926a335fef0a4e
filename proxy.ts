import { NextResponse, type NextRequest } from 'next/server';
import { LANGUAGE_COOKIE, defaultLocale, isLocale, type Locale } from '@/lib/i18n/locales';
import { venueKeyForHost } from '@/lib/venue/host';
import {
  PARTNER_CLEAR_VALUE,
  PARTNER_COOKIE,
  PARTNER_QUERY_VALUE,
  isPartnerValue,
  partnerCookieOptions,
} from '@/lib/partner/flag';

const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Every page request is rewritten to /v/{venue}/{locale}/{path}, so each page is
 * generated once per venue and language and then served from cache (DESIGN.md,
 * "Speed by design"). The locale prefix is as-needed: Italian has none.
 */
export function proxy(request: NextRequest) {
  const url = request.nextUrl;
  const first = url.pathname.split('/')[1] ?? '';
  const cookieLocale = request.cookies.get(LANGUAGE_COOKIE)?.value;

  let locale: Locale = defaultLocale;
  let rest = url.pathname;
  if (isLocale(first)) {
    locale = first;
    rest = url.pathname.slice(first.length + 1) || '/';
    if (locale === defaultLocale) {
      const res = redirectTo(request, rest);
      res.cookies.set(LANGUAGE_COOKIE, defaultLocale, { path: '/', maxAge: ONE_YEAR, sameSite: 'lax' });
      return withPartnerFlag(request, res);
    }
  } else if (isLocale(cookieLocale) && cookieLocale !== defaultLocale) {
    return withPartnerFlag(request, redirectTo(request, `/${cookieLocale}${url.pathname === '/' ? '' : url.pathname}`));
  }

  const venue = venueKeyForHost(request.headers.get('host'));
  const target = url.clone();
  // A path with broken %-escapes (`/reserve/%ZZ/edit`) names no page: the site's 404, not the router's 500.
  target.pathname = `/v/${venue}/${locale}${!wellFormed(rest) ? '/_malformed' : rest === '/' ? '' : rest}`;
  return withPartnerFlag(request, NextResponse.rewrite(target));
}

function wellFormed(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

function redirectTo(request: NextRequest, pathname: string) {
  const target = request.nextUrl.clone();
  target.pathname = pathname;
  return NextResponse.redirect(target, 307);
}

/** Spec section 4: the partner flag is set on `src=pc` and checked on every request. */
function withPartnerFlag(request: NextRequest, response: NextResponse) {
  const src = request.nextUrl.searchParams.get('src');
  const current = request.cookies.get(PARTNER_COOKIE)?.value;
  if (src === PARTNER_QUERY_VALUE) {
    response.cookies.set(PARTNER_COOKIE, PARTNER_QUERY_VALUE, partnerCookieOptions());
  } else if (src === PARTNER_CLEAR_VALUE || (current !== undefined && !isPartnerValue(current))) {
    response.cookies.delete({ name: PARTNER_COOKIE, path: '/' });
  }
  return response;
}

export const config = {
  // Pages only: not Next's assets, the JSON APIs, the backend contract or public files.
  matcher: ['/((?!_next/|api/|backend/|venues/|favicon\\.ico|robots\\.txt|.*\\.[a-z0-9]+$).*)'],
};
