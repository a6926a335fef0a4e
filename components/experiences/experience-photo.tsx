import Image from 'next/image';

/**
 * An experience's photo (`foto`): served optimised by Next's image endpoint (resized, modern
 * formats) and lazy-loaded, with the title as its `alt`. SVG files are sent as they are.
 */
export function ExperiencePhoto({ src, alt, priority = false, sizes = '(max-width: 40rem) 100vw, 40rem' }: { src: string; alt: string; priority?: boolean; sizes?: string }) {
  if (!src) return null;
  const local = src.startsWith('/');
  return (
    <Image
      className="experience-photo"
      src={src}
      alt={alt}
      width={1200}
      height={800}
      sizes={sizes}
      loading={priority ? undefined : 'lazy'}
      priority={priority}
      unoptimized={!local || src.endsWith('.svg')}
    />
  );
}
