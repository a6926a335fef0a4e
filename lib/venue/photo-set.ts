/**
 * A venue photo's responsive sizes (issue 43): the widths and formats made from a photo at import
 * (server/venues/photos.ts), named after the photo and its content, and the markup's `srcset`.
 * Pure: no file system here, so components and tests use it alike.
 */

/** The widths made of every photo (those narrower than the photo itself; the photo's own width is always one). */
export const PHOTO_WIDTHS = [360, 640, 960, 1280, 1600] as const;

/** The formats made, the smallest first: a `<picture>` offers them in this order. */
export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** What the import wrote beside a photo (`cover.jpg` → `cover.sizes.json`): read by the page that shows it. */
export type PhotoManifest = {
  /** The photo's own size, for its `width` and `height` (no layout shift). */
  width: number;
  height: number;
  /** The first 10 hex digits of the photo's SHA-256: the variants' names change with the photo. */
  hash: string;
  widths: number[];
  formats: PhotoFormat[];
};

/** A photo as a page shows it: the original (the `<img>`'s `src`) and a `srcset` per format, or none (not generated). */
export type PhotoSet = {
  src: string;
  width: number;
  height: number;
  sources: { type: `image/${PhotoFormat}`; srcSet: string }[];
  /** The `<img>`'s own `srcset` (the optimiser's, for a photo without sizes), or none. */
  srcSet?: string;
};

/** Photos the import makes sizes of: a raster file of the site's own (`/venues/demo/cover.jpg`), not SVG, not another host's. */
export function isLocalRaster(src: string): boolean {
  return /^\/[^?#]*\.(jpe?g|png|webp|avif)$/i.test(src) && !src.split('/').includes('..') && !src.startsWith('//');
}

/** `/venues/demo/cover.jpg` → `/venues/demo/cover` (the variants' and the manifest's stem). */
const stem = (src: string) => src.replace(/\.[^./]+$/, '');

/** Where the import writes a photo's manifest, as a URL path under `public/`. */
export const manifestPath = (src: string) => `${stem(src)}.sizes.json`;

/** One variant's URL path: `/venues/demo/cover.3fa2b1c40d-640.avif`. */
export const variantPath = (src: string, hash: string, width: number, format: PhotoFormat) => `${stem(src)}.${hash}-${width}.${format}`;

/** The widths to make of a photo this wide: the standard ones below it, and its own. */
export function widthsFor(width: number): number[] {
  return [...new Set([...PHOTO_WIDTHS.filter((w) => w < width), Math.min(width, PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1])])];
}

/** The photo's `<picture>` sources from its manifest. */
export function photoSet(src: string, manifest: PhotoManifest): PhotoSet {
  return {
    src,
    width: manifest.width,
    height: manifest.height,
    sources: manifest.formats.map((format) => ({
      type: `image/${format}` as const,
      srcSet: manifest.widths.map((w) => `${variantPath(src, manifest.hash, w, format)} ${w}w`).join(', '),
    })),
  };
}

/** Widths Next's image optimiser answers by default (`deviceSizes`), used for a photo without sizes of its own. */
const OPTIMISER_WIDTHS = [640, 828, 1080, 1200, 1920];

/**
 * A photo the import has not sized (a venue imported before issue 43, or a read-only `public/`):
 * Next's image optimiser's URLs, as `next/image` writes them, without its client code.
 */
export function fallbackSet(src: string, width: number, height: number): PhotoSet {
  if (!isLocalRaster(src)) return { src, width, height, sources: [] };
  const srcSet = OPTIMISER_WIDTHS.map((w) => `/_next/image?url=${encodeURIComponent(src)}&w=${w}&q=75 ${w}w`).join(', ');
  return { src, width, height, sources: [], srcSet };
}
