import 'server-only';
import type { Texts } from '@/server/db/schema';

/** A stored text in the language, falling back to Italian (spec section 9). */
export const pickTexts = (texts: Texts | null | undefined, locale: string): string =>
  (texts?.[locale as keyof Texts] as string | undefined) || texts?.it || '';
