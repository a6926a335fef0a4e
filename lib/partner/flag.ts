/** Partner-source flag (spec section 4): set by `?src=pc`, kept 1 day, strict same-site. */
export const PARTNER_COOKIE = 'frontpagePartner';
export const PARTNER_QUERY_VALUE = 'pc';
/** `?src=clear` removes the flag before its day is over. */
export const PARTNER_CLEAR_VALUE = 'clear';
export const PARTNER_MAX_AGE_SECONDS = 24 * 60 * 60;

export function partnerCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: process.env.NODE_ENV === 'production',
    path: '/',
    maxAge: PARTNER_MAX_AGE_SECONDS,
  };
}

export function isPartnerValue(value: string | undefined): boolean {
  return value === PARTNER_QUERY_VALUE;
}
