export const locales = ['it', 'en', 'fr', 'es', 'de'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'it';

/** Spec section 9: any stored value other than the five languages falls back to `it`. */
export function toLocale(value: string | null | undefined): Locale {
  return (locales as readonly string[]).includes(value ?? '') ? (value as Locale) : defaultLocale;
}

export function isLocale(value: string | null | undefined): value is Locale {
  return (locales as readonly string[]).includes(value ?? '');
}

/** Browser storage key and cookie name for the chosen language (spec section 9). */
export const LANGUAGE_STORAGE_KEY = 'frontpageLanguage';
export const LANGUAGE_COOKIE = 'frontpageLanguage';
