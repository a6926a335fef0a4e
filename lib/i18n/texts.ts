import type { Texts } from '@/lib/contract/fields';
import { defaultLocale, type Locale } from './locales';

/** A text per language in the guest's language, falling back to Italian (spec section 9). */
export function pickText(texts: Texts | null | undefined, locale: Locale): string {
  if (!texts) return '';
  return texts[locale] || texts[defaultLocale] || '';
}
