import { PreloadPhoto } from './preload-photo';
import type { PhotoSet } from '@/lib/venue/photo-set';

type Props = {
  /** The photo's sizes (server/venues/photos.ts `venuePhotoSet`). */
  photo: PhotoSet;
  alt: string;
  /** The width the photo takes on the screen, per viewport: the browser picks the variant from it. */
  sizes: string;
  /**
   * The page's largest paint: loaded at once with high priority and preloaded from the
   * document's head (its first format's `imagesrcset`), so the browser fetches the size it
   * will show before it has laid out the page. Otherwise lazy.
   */
  priority?: boolean;
  className?: string;
};

/**
 * A venue's photo (cover, experience, gift card) as a `<picture>`: the AVIF and WebP sizes the
 * import made (issue 43), the original as the `<img>` for a browser that takes neither, its
 * `width` and `height` set so nothing moves when it arrives. No client code.
 */
export function VenuePhoto({ photo, alt, sizes, priority = false, className }: Props) {
  const [first] = photo.sources;
  return (
    <picture>
      {priority ? (
        <PreloadPhoto href={photo.src} imageSrcSet={first?.srcSet ?? photo.srcSet} imageSizes={first || photo.srcSet ? sizes : undefined} type={first?.type} />
      ) : null}
      {photo.sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcSet} sizes={sizes} />
      ))}
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={photo.srcSet ? sizes : undefined}
        alt={alt}
        className={className}
        width={photo.width}
        height={photo.height}
        decoding="async"
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}
