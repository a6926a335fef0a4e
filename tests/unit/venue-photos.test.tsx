import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { renderToStaticMarkup } from 'react-dom/server';
import { generatePhotoSizes, prepareVenuePhotos, venuePhotos, venuePhotoSet } from '@/server/venues/photos';
import { fallbackSet, isLocalRaster, widthsFor } from '@/lib/venue/photo-set';
import { VenuePhoto } from '@/components/shell/venue-photo';

const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A public/ folder of its own with one photo, `/venues/t/room.jpg`, `width` × `height`. */
async function publicDir(width = 1000, height = 600, colour = '#a33') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'photos-'));
  made.push(dir);
  fs.mkdirSync(path.join(dir, 'venues', 't'), { recursive: true });
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toFile(path.join(dir, 'venues', 't', 'room.jpg'));
  return dir;
}

const files = (dir: string) => fs.readdirSync(path.join(dir, 'venues', 't')).sort();

describe('a venue photo sized at import (issue 43)', () => {
  test('the widths: the standard ones below the photo’s, and its own (at most 1600)', () => {
    expect(widthsFor(1000)).toEqual([360, 640, 960, 1000]);
    expect(widthsFor(1600)).toEqual([360, 640, 960, 1280, 1600]);
    expect(widthsFor(3000)).toEqual([360, 640, 960, 1280, 1600]);
    expect(widthsFor(300)).toEqual([300]);
  });

  test('only the site’s own raster photos are sized', () => {
    expect(isLocalRaster('/venues/demo/cover.jpg')).toBe(true);
    expect(isLocalRaster('/venues/demo/cover.PNG')).toBe(true);
    expect(isLocalRaster('/venues/demo/cover.svg')).toBe(false);
    expect(isLocalRaster('https://cdn.example/cover.jpg')).toBe(false);
    expect(isLocalRaster('//cdn.example/cover.jpg')).toBe(false);
    expect(isLocalRaster('/venues/../../etc/cover.jpg')).toBe(false);
  });

  test('AVIF and WebP at each width, named by the photo’s content, with a manifest; made once', async () => {
    const dir = await publicDir();
    const manifest = await generatePhotoSizes('/venues/t/room.jpg', dir);
    expect(manifest).toMatchObject({ width: 1000, height: 600, widths: [360, 640, 960, 1000], formats: ['avif', 'webp'] });
    const { hash } = manifest!;
    expect(hash).toMatch(/^[0-9a-f]{10}$/);
    for (const format of ['avif', 'webp'] as const) {
      for (const w of [360, 640, 960, 1000]) {
        const meta = await sharp(path.join(dir, 'venues', 't', `room.${hash}-${w}.${format}`)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([format === 'avif' ? 'heif' : 'webp', w, Math.round((w * 600) / 1000)]);
      }
    }
    const sizes = path.join(dir, 'venues', 't', `room.${hash}-360.avif`);
    const before = fs.statSync(sizes).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await generatePhotoSizes('/venues/t/room.jpg', dir)).toEqual(manifest);
    expect(fs.statSync(sizes).mtimeMs).toBe(before);
  });

  test('a new photo under the same name: new variants, the old ones gone', async () => {
    const dir = await publicDir(500, 500);
    const first = await generatePhotoSizes('/venues/t/room.jpg', dir);
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a3' } })
      .jpeg()
      .toFile(path.join(dir, 'venues', 't', 'room.jpg'));
    const second = await generatePhotoSizes('/venues/t/room.jpg', dir);
    expect(second!.hash).not.toBe(first!.hash);
    expect(files(dir)).toEqual(['room.jpg', `room.${second!.hash}-360.avif`, `room.${second!.hash}-360.webp`, `room.${second!.hash}-400.avif`, `room.${second!.hash}-400.webp`, 'room.sizes.json'].sort());
  });

  test('a photo not there, another host’s or SVG: nothing made; the import lists a broken one as a warning', async () => {
    const dir = await publicDir();
    expect(await generatePhotoSizes('/venues/t/missing.jpg', dir)).toBeNull();
    expect(await generatePhotoSizes('https://cdn.example/room.jpg', dir)).toBeNull();
    fs.writeFileSync(path.join(dir, 'venues', 't', 'broken.jpg'), 'not a photo');
    const file = { theme: { cover: '/venues/t/broken.jpg' }, experiences: [{ photo: '/venues/t/room.jpg' }, { photo: '' }], giftCards: [{ image: '/x/logo.svg' }], promotions: [{ image: 'https://cdn.example/p.jpg' }] } as unknown as Parameters<typeof venuePhotos>[0];
    expect(venuePhotos(file)).toEqual(['/venues/t/broken.jpg', '/venues/t/room.jpg']);
    const warnings = await prepareVenuePhotos(file, dir);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\/venues\/t\/broken\.jpg: its sizes could not be made/);
    expect(fs.existsSync(path.join(dir, 'venues', 't', 'room.sizes.json'))).toBe(true);
  });

  test('a page reads the sizes from the manifest; a photo without one (imported before) falls back to the optimiser', async () => {
    const dir = await publicDir();
    expect(venuePhotoSet('/venues/t/room.jpg', 1600, 900, dir)).toEqual(fallbackSet('/venues/t/room.jpg', 1600, 900));
    expect(fallbackSet('/venues/t/room.jpg', 1600, 900).srcSet).toContain('/_next/image?url=%2Fvenues%2Ft%2Froom.jpg&w=640&q=75 640w');
    expect(fallbackSet('https://cdn.example/room.jpg', 1600, 900)).toEqual({ src: 'https://cdn.example/room.jpg', width: 1600, height: 900, sources: [] });
    const { hash } = (await generatePhotoSizes('/venues/t/room.jpg', dir))!;
    const set = venuePhotoSet('/venues/t/room.jpg', 1600, 900, dir);
    expect(set).toEqual({
      src: '/venues/t/room.jpg',
      width: 1000,
      height: 600,
      sources: [
        { type: 'image/avif', srcSet: `/venues/t/room.${hash}-360.avif 360w, /venues/t/room.${hash}-640.avif 640w, /venues/t/room.${hash}-960.avif 960w, /venues/t/room.${hash}-1000.avif 1000w` },
        { type: 'image/webp', srcSet: `/venues/t/room.${hash}-360.webp 360w, /venues/t/room.${hash}-640.webp 640w, /venues/t/room.${hash}-960.webp 960w, /venues/t/room.${hash}-1000.webp 1000w` },
      ],
    });
  });

  test('sizes written after the server started (an import on a running server, which does not serve them yet) are used from the next start', async () => {
    const dir = await publicDir();
    await generatePhotoSizes('/venues/t/room.jpg', dir);
    const written = fs.statSync(path.join(dir, 'venues', 't', 'room.sizes.json')).mtimeMs;
    // Started before the sizes were written: the optimiser's, as for a photo without sizes.
    expect(venuePhotoSet('/venues/t/room.jpg', 1600, 900, dir, written - 1)).toEqual(fallbackSet('/venues/t/room.jpg', 1600, 900));
    // Started after: its own sizes.
    expect(venuePhotoSet('/venues/t/room.jpg', 1600, 900, dir, written + 1).sources).toHaveLength(2);
  });
});

describe('VenuePhoto (the markup)', () => {
  const photo = {
    src: '/venues/t/room.jpg',
    width: 1000,
    height: 600,
    sources: [
      { type: 'image/avif' as const, srcSet: '/venues/t/room.h-360.avif 360w, /venues/t/room.h-1000.avif 1000w' },
      { type: 'image/webp' as const, srcSet: '/venues/t/room.h-360.webp 360w, /venues/t/room.h-1000.webp 1000w' },
    ],
  };
  const page = (body: React.ReactNode) => renderToStaticMarkup(
    <html>
      {/* eslint-disable-next-line @next/next/no-head-element -- a whole document rendered by React, where its preloads go */}
      <head />
      <body>{body}</body>
    </html>,
  );

  test('the page’s largest paint: a picture of both formats, its size set, preloaded from the head with its srcset and high priority', () => {
    const html = page(<VenuePhoto photo={photo} alt="" sizes="100vw" priority />);
    expect(html).toContain('<source type="image/avif" srcSet="/venues/t/room.h-360.avif 360w, /venues/t/room.h-1000.avif 1000w" sizes="100vw"/>');
    expect(html).toContain('<source type="image/webp" srcSet="/venues/t/room.h-360.webp 360w, /venues/t/room.h-1000.webp 1000w" sizes="100vw"/>');
    expect(html).toMatch(/<img src="\/venues\/t\/room\.jpg" alt="" width="1000" height="600" decoding="async" loading="eager" fetchPriority="high"\/>/);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<link rel="preload"[^>]* as="image"/);
    expect(head).toContain('imageSrcSet="/venues/t/room.h-360.avif 360w, /venues/t/room.h-1000.avif 1000w"');
    expect(head).toContain('imageSizes="100vw"');
    expect(head).toContain('fetchPriority="high"');
    expect(head).toContain('type="image/avif"');
  });

  test('any other photo: lazy, not preloaded; without sizes of its own, the optimiser’s srcset on the img', () => {
    const html = page(<VenuePhoto photo={photo} alt="Room" sizes="20rem" />);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('loading="lazy"');
    const fallback = page(<VenuePhoto photo={fallbackSet('/venues/t/room.jpg', 1600, 900)} alt="" sizes="100vw" priority />);
    expect(fallback).not.toContain('<source');
    expect(fallback).toMatch(/<img src="\/venues\/t\/room\.jpg" srcSet="\/_next\/image\?url=%2Fvenues%2Ft%2Froom\.jpg&amp;w=640&amp;q=75 640w, [^"]+" sizes="100vw"/);
    expect(fallback.slice(0, fallback.indexOf('</head>'))).toContain('imageSrcSet="/_next/image?url=');
  });
});
