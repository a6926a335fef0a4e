import 'server-only';
import { ImageResponse } from 'next/og';
import type { NextRequest } from 'next/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { getLocation } from '@/lib/venue/data';
import { loadExperience } from '@/components/experiences/data';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { pickText } from '@/lib/i18n/texts';
import { formatPrice } from '@/lib/currency';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectPath } from '@/server/config';

const longDate = (date: string, locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));

const IMAGE_TYPES: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/**
 * The photo as Satori can draw it: a file of the site's own `public/` read from disk as a data
 * URL (next/og refuses to fetch from a loopback or private address), an outside `https` URL as
 * it is; '' for an SVG (Satori cannot draw one as a photo) or a file that is not there.
 */
async function photoSource(photo: string): Promise<string> {
  if (!photo || photo.endsWith('.svg')) return '';
  if (/^https:\/\//.test(photo)) return photo;
  const type = IMAGE_TYPES[path.extname(photo).toLowerCase()];
  const file = path.normalize(projectPath('public', photo));
  if (!type || !photo.startsWith('/') || !file.startsWith(projectPath('public') + path.sep)) return '';
  try {
    return `data:${type};base64,${(await readFile(file)).toString('base64')}`;
  } catch {
    return '';
  }
}

/**
 * The experience's share image (1200 × 630): its photo when it has one, its title, its date
 * and its price, on the venue's brand colour. Cached like the venue's pages (5 minutes,
 * then served stale while a new one renders).
 */
export async function handleExperienceImage(request: NextRequest, hash: string) {
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const param = request.nextUrl.searchParams.get('locale');
  const locale = isLocale(param) ? param : defaultLocale;
  const [experience, location] = await Promise.all([loadExperience(venueKey, hash), getLocation(venueKey)]);
  if (!experience) return new Response('Not found', { status: 404 });
  const title = pickText(experience.titolo, locale);
  const brand = /^#[0-9a-f]{3,8}$/i.test(location?.theme?.brandColor ?? '') ? location!.theme!.brandColor : '#7a2e1f';
  const photo = await photoSource(experience.foto);
  const lines = [
    experience.data ? longDate(experience.data, locale) + (experience.scadenza && experience.scadenza !== experience.data ? ` – ${longDate(experience.scadenza, locale)}` : '') : '',
    experience.prezzo > 0 ? formatPrice(experience.prezzo, location?.valuta ?? '€', locale) : '',
  ].filter(Boolean);
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', background: brand, color: '#fff', fontFamily: 'sans-serif' }}>
        {/* Satori (next/og) draws plain <img> elements; next/image does not apply here. */}
        {/* eslint-disable-next-line @next/next/no-img-element */}
        {photo ? <img src={photo} alt="" width={520} height={630} style={{ objectFit: 'cover' }} /> : null}
        <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: 64, flex: 1 }}>
          <div style={{ fontSize: 30, opacity: 0.85 }}>{location?.locationname ?? ''}</div>
          <div style={{ fontSize: title.length > 40 ? 54 : 68, fontWeight: 700, lineHeight: 1.1, marginTop: 16 }}>{title}</div>
          {lines.map((line) => (
            <div key={line} style={{ fontSize: 36, marginTop: 20 }}>
              {line}
            </div>
          ))}
        </div>
      </div>
    ),
    { width: 1200, height: 630, headers: { 'Cache-Control': 'public, max-age=300, stale-while-revalidate=86400' } },
  );
}
