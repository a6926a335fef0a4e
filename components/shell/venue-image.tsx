import Image from 'next/image';

type Props = {
  src: string;
  alt: string;
  /** The image's own proportions (the optimiser picks widths from `sizes`). */
  width: number;
  height: number;
  sizes: string;
  priority?: boolean;
  className?: string;
};

/**
 * A venue's photo (cover, experience, gift card) through `next/image`: resized and served
 * as WebP/AVIF for the screen. SVG artwork and photos on other hosts are shown as they are
 * (the optimiser handles neither without extra configuration).
 */
export function VenueImage({ src, alt, width, height, sizes, priority, className }: Props) {
  const asIs = src.endsWith('.svg') || /^https?:\/\//.test(src);
  return <Image src={src} alt={alt} width={width} height={height} sizes={sizes} priority={priority} className={className} unoptimized={asIs} />;
}
