import { NextRequest } from 'next/server';
import { proxy } from '@/proxy';

const run = (url: string, cookies: Record<string, string> = {}, host = 'localhost:3000') => {
  const headers = new Headers({ host });
  const cookie = Object.entries(cookies).map(([k, v]) => `${k}=${v}`).join('; ');
  if (cookie) headers.set('cookie', cookie);
  return proxy(new NextRequest(url, { headers }));
};
const rewrite = (res: Response) => res.headers.get('x-middleware-rewrite');

describe('proxy: venue and locale routing', () => {
  it('rewrites Italian paths without prefix to the default venue', () => {
    expect(rewrite(run('http://localhost:3000/reserve'))).toBe('http://localhost:3000/v/localhost/it/reserve');
    expect(rewrite(run('http://localhost:3000/'))).toBe('http://localhost:3000/v/localhost/it');
  });

  it('rewrites prefixed paths with their locale and the host venue', () => {
    expect(rewrite(run('http://demo.localhost:3000/en/reserve', {}, 'demo.localhost:3000'))).toBe(
      'http://demo.localhost:3000/v/demo.localhost/en/reserve',
    );
  });

  it('sends a path with broken %-escapes to the site\'s 404 page, in its language', () => {
    expect(rewrite(run('http://localhost:3000/reserve/%ZZ/edit'))).toBe('http://localhost:3000/v/localhost/it/_malformed');
    expect(rewrite(run('http://localhost:3000/en/a2fa/reserve/%E0%A4%A'))).toBe('http://localhost:3000/v/localhost/en/_malformed');
    expect(rewrite(run('http://localhost:3000/en/reserve/%C3%A8'))).toBe('http://localhost:3000/v/localhost/en/reserve/%C3%A8');
  });

  it('redirects /it/... to the unprefixed path and remembers Italian', () => {
    const res = run('http://localhost:3000/it/reserve');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/reserve');
    expect(res.headers.get('set-cookie')).toContain('frontpageLanguage=it');
  });

  it('honours the language cookie on unprefixed paths', () => {
    const res = run('http://localhost:3000/reserve', { frontpageLanguage: 'fr' });
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('http://localhost:3000/fr/reserve');
  });

  it('falls back to Italian for an unknown stored language', () => {
    expect(rewrite(run('http://localhost:3000/reserve', { frontpageLanguage: 'pt' }))).toBe(
      'http://localhost:3000/v/localhost/it/reserve',
    );
  });
});

describe('proxy: partner-source flag (spec section 4)', () => {
  it('sets the flag on src=pc for one day, strict same-site, http-only', () => {
    const cookie = run('http://localhost:3000/reserve?src=pc').headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/frontpagePartner=pc/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(cookie).toMatch(/SameSite=strict/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('clears it on src=clear and drops a tampered value', () => {
    expect(run('http://localhost:3000/?src=clear', { frontpagePartner: 'pc' }).headers.get('set-cookie')).toMatch(
      /frontpagePartner=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
    expect(run('http://localhost:3000/', { frontpagePartner: 'zzz' }).headers.get('set-cookie')).toMatch(/frontpagePartner=;/);
  });

  it('leaves the flag alone on other requests', () => {
    expect(run('http://localhost:3000/', { frontpagePartner: 'pc' }).headers.get('set-cookie')).toBeNull();
  });
});
