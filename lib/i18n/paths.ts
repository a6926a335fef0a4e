import { defaultLocale, locales, type Locale } from './locales';

/** The public path of a page in a locale: Italian has no prefix (`/reserve`, `/en/reserve`). */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '/' ? '' : path;
  if (locale === defaultLocale) return clean || '/';
  return `/${locale}${clean}`;
}

export function alternatePaths(path: string): Record<string, string> {
  const languages: Record<string, string> = Object.fromEntries(locales.map((l) => [l, localizedPath(l, path)]));
  languages['x-default'] = localizedPath(defaultLocale, path);
  return languages;
}
