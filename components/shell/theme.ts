import type { CSSProperties } from 'react';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The venue's brand colour as CSS variables; anything that is not #rrggbb keeps the default. */
export function themeStyle(brandColor: string | undefined): CSSProperties | undefined {
  if (!brandColor || !HEX.test(brandColor)) return undefined;
  return { ['--brand' as string]: brandColor };
}
