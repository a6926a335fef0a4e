import 'server-only';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectPath } from '@/server/runtime/config';
import { fallbackSet, isLocalRaster, manifestPath, PHOTO_FORMATS, photoSet, variantPath, widthsFor, type PhotoManifest, type PhotoSet } from '@/lib/venue/photo-set';
import type { VenueFile } from './schema';

/**
 * A venue's photos in the sizes a screen needs (issue 43, docs/performance.md): at import, each
 * photo of the site's own (`public/…`) is written in AVIF and WebP at the widths of
 * `lib/venue/photo-set.ts`, beside it, with a manifest (`cover.sizes.json`) the pages read.
 */

/** The quality of each format: about what `next/image` used (75 for WebP), AVIF a little lower for the same look. */
const QUALITY: Record<(typeof PHOTO_FORMATS)[number], number> = { avif: 55, webp: 75 };

/** The photos a venue file names: the cover, the experiences', the gift cards' and the promotions'. */
export function venuePhotos(file: Pick<VenueFile, 'theme' | 'experiences' | 'giftCards' | 'promotions'>): string[] {
  const all = [file.theme?.cover ?? '', ...file.experiences.map((e) => e.photo), ...file.giftCards.map((g) => g.image), ...file.promotions.map((p) => p.image)];
  return [...new Set(all.filter((src) => !!src && isLocalRaster(src)))];
}

const inside = (publicDir: string, urlPath: string) => path.join(publicDir, ...urlPath.split('/').filter(Boolean));

function readManifest(file: string): PhotoManifest | null {
  try {
    const m = JSON.parse(fs.readFileSync(file, 'utf8')) as PhotoManifest;
    return Number.isInteger(m.width) && Number.isInteger(m.height) && typeof m.hash === 'string' && Array.isArray(m.widths) && Array.isArray(m.formats) ? m : null;
  } catch {
    return null;
  }
}

/**
 * Writes a photo's sizes and manifest (nothing when the manifest already names this photo's
 * content and every variant is there). Returns the manifest, or null when the photo is not
 * there (a venue file may name a photo it ships later).
 */
export async function generatePhotoSizes(src: string, publicDir = projectPath('public')): Promise<PhotoManifest | null> {
  if (!isLocalRaster(src)) return null;
  const original = inside(publicDir, src);
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(original);
  } catch {
    return null;
  }
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 10);
  const manifestFile = inside(publicDir, manifestPath(src));
  const known = readManifest(manifestFile);
  const variants = (m: PhotoManifest) => m.formats.flatMap((f) => m.widths.map((w) => inside(publicDir, variantPath(src, m.hash, w, f))));
  if (known?.hash === hash && variants(known).every((f) => fs.existsSync(f))) return known;

  // sharp is Next's own image library (its optimiser's); loaded only when a photo is sized.
  const { default: sharp } = await import('sharp');
  const image = sharp(bytes, { failOn: 'error' }).rotate();
  const { width = 0, height = 0 } = await image.metadata();
  if (!width || !height) return null;
  const widths = widthsFor(width);
  const manifest: PhotoManifest = { width, height, hash, widths, formats: [...PHOTO_FORMATS] };
  for (const format of PHOTO_FORMATS) {
    for (const w of widths) {
      const resized = image.clone().resize({ width: w, withoutEnlargement: true });
      const out = format === 'avif' ? resized.avif({ quality: QUALITY.avif, effort: 4 }) : resized.webp({ quality: QUALITY.webp });
      await out.toFile(inside(publicDir, variantPath(src, hash, w, format)));
    }
  }
  // The variants of the photo's earlier content go: their names carry the old hash.
  if (known && known.hash !== hash) for (const f of variants(known)) fs.rmSync(f, { force: true });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * Sizes every photo a venue file names. Never fails the import: a photo that cannot be sized
 * (a read-only `public/`, a broken file) is shown as it is, through Next's image optimiser, and
 * named in the returned warnings.
 */
export async function prepareVenuePhotos(file: Parameters<typeof venuePhotos>[0], publicDir = projectPath('public')): Promise<string[]> {
  const warnings: string[] = [];
  for (const src of venuePhotos(file)) {
    try {
      await generatePhotoSizes(src, publicDir);
    } catch (error) {
      warnings.push(`${src}: its sizes could not be made (${error instanceof Error ? error.message : String(error)}); it is shown as it is`);
    }
  }
  return warnings;
}

const known = new Map<string, { mtimeMs: number; manifest: PhotoManifest | null }>();

/**
 * A production server serves the files `public/` held when it started, not those written since
 * (Next's own rule; checked: a file added to a running `next start` answers 404 until the next
 * start). So the sizes a venue import on a running server writes are used from the next start on,
 * the photo shown through the optimiser meanwhile; in development every file is served.
 */
const SERVED_BEFORE = process.env.NODE_ENV === 'production' ? performance.timeOrigin : Infinity;

/**
 * A photo as a page shows it: its generated sizes when the import made them and this server
 * serves them (`SERVED_BEFORE`), else the optimiser's (a venue imported before, or on this
 * running server), or another host's photo as it is. `width` and `height`
 * are the page's proportions for a photo without a manifest.
 */
export function venuePhotoSet(src: string, width: number, height: number, publicDir = projectPath('public'), servedBefore = SERVED_BEFORE): PhotoSet {
  if (!isLocalRaster(src)) return fallbackSet(src, width, height);
  const file = inside(publicDir, manifestPath(src));
  let mtimeMs = -1;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    // No manifest: not sized.
  }
  let entry = known.get(file);
  if (!entry || entry.mtimeMs !== mtimeMs) {
    entry = { mtimeMs, manifest: mtimeMs < 0 ? null : readManifest(file) };
    known.set(file, entry);
  }
  return entry.manifest && mtimeMs < servedBefore ? photoSet(src, entry.manifest) : fallbackSet(src, width, height);
}
