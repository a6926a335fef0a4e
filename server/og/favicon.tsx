import 'server-only';
import { ImageResponse } from 'next/og';
import { getLocation } from '@/server/venues/data';
import { venueOf } from '@/server/experiences/sitemap';
import { brandOf } from './share-images';

const CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
/** A logo the site serves itself (`/venues/...`) or one on the web. */
const usableLogo = (logo: string | undefined) => (logo && (/^\/(?!\/)/.test(logo) || /^https?:\/\//i.test(logo)) ? logo : '');

/** The venue's initial, as its generated icon shows it. */
export const initialOf = (name: string) => (name.trim().match(/\p{L}|\p{N}/u)?.[0] ?? '·').toLocaleUpperCase();

/**
 * `GET /favicon.ico` (issue 45): the venue's logo when its file names one (a redirect to it, so
 * a browser that asks the old way gets the same icon as the pages' icon link), else an icon made
 * here: the venue's initial on its brand colour, 48 × 48 PNG. Never a 404 for a venue's host; a
 * malformed Host is a 400 and a host no venue has a plain 404, as for the sitemap.
 */
export async function handleFavicon(request: Request) {
  const venue = await venueOf(request);
  if ('response' in venue) return venue.response;
  const location = await getLocation(venue.venueKey);
  const logo = usableLogo(location?.theme.logo);
  if (logo) return new Response(null, { status: 302, headers: { Location: logo, 'Cache-Control': CACHE } });
  return new ImageResponse(
    (
      <div style={{ width: '100%', height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', background: brandOf(location), color: '#fff', fontSize: 34, fontWeight: 700, fontFamily: 'sans-serif', borderRadius: 10 }}>
        {initialOf(location?.locationname ?? '')}
      </div>
    ),
    { width: 48, height: 48, headers: { 'Cache-Control': CACHE } },
  );
}
