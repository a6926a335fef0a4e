import { VenuePhoto } from '@/components/shell/venue-photo';
import type { PhotoSet } from '@/lib/venue/photo-set';

/**
 * An experience's photo (`foto`), with the title as its `alt`: the sizes made at import in
 * AVIF and WebP (components/shell/venue-photo.tsx), lazy unless it is the page's largest paint.
 */
export function ExperiencePhoto({ photo, alt, priority = false, sizes = '(max-width: 40rem) 100vw, 40rem' }: { photo: PhotoSet | null; alt: string; priority?: boolean; sizes?: string }) {
  if (!photo) return null;
  return <VenuePhoto className="experience-photo" photo={photo} alt={alt} sizes={sizes} priority={priority} />;
}
