import 'server-only';
import { ImageResponse } from 'next/og';
import type { NextRequest } from 'next/server';
import { getTranslations } from 'next-intl/server';
import { pickText } from '@/lib/i18n/texts';
import { toLocale } from '@/lib/i18n/locales';
import { venueKeyForHost } from '@/lib/venue/host';
import { getLocation } from '@/server/venues/data';
import { loadPromo } from '@/server/promo/data';
import { formatDay } from '@/lib/i18n/format';
import { clip } from '@/server/og/share-images';

/**
 * `GET /api/promo/og?urlName=&lang=`: the promotion's OpenGraph/Twitter image (1200×630),
 * per promotion and language: the venue, the title, the offer and the end date. Rendered
 * by next/og with its bundled font (no network), cached by browsers and proxies for 5 minutes.
 */
export async function handleOgImage(request: NextRequest): Promise<Response> {
  const urlName = request.nextUrl.searchParams.get('urlName') ?? '';
  const locale = toLocale(request.nextUrl.searchParams.get('lang'));
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const loaded = urlName ? await loadPromo(venueKey, urlName) : null;
  if (!loaded || loaded.status !== 'ok') return new Response('Not found', { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
  const [t, location] = await Promise.all([getTranslations({ locale, namespace: 'promo' }), getLocation(venueKey)]);
  const promo = loaded.data;
  const brand = /^#[0-9a-f]{6}$/i.test(location?.theme.brandColor ?? '') ? location!.theme.brandColor : '#8a2c1b';
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', flexDirection: 'column', justifyContent: 'space-between', padding: 64, background: '#fbf7f2', color: '#1f1b16', borderTop: `24px solid ${brand}` }}>
        <div style={{ display: 'flex', fontSize: 34, fontWeight: 700, color: brand }}>{clip(location?.locationname ?? '', 60)}</div>
        <div style={{ display: 'flex', flexDirection: 'column' }}>
          <div style={{ display: 'flex', fontSize: 76, fontWeight: 700, lineHeight: 1.1 }}>{clip(pickText(promo.title, locale), 60)}</div>
          <div style={{ display: 'flex', fontSize: 34, marginTop: 24, lineHeight: 1.3, color: '#3d362f' }}>{clip(pickText(promo.description, locale), 150)}</div>
        </div>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', fontSize: 34 }}>
          <div style={{ display: 'flex', padding: '12px 28px', borderRadius: 999, background: brand, color: '#ffffff', fontWeight: 700 }}>{clip(t('download'), 40)}</div>
          <div style={{ display: 'flex', fontWeight: 700 }}>{clip(t('validUntil', { date: formatDay(promo.validUntil, locale) }), 80)}</div>
        </div>
      </div>
    ),
    { width: 1200, height: 630, headers: { 'Cache-Control': 'public, max-age=300, s-maxage=300, stale-while-revalidate=3600' } },
  );
}
