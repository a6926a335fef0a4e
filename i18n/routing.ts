import { defineRouting } from 'next-intl/routing';
import { defaultLocale, locales } from '@/lib/i18n/locales';

export const routing = defineRouting({
  locales,
  defaultLocale,
  localePrefix: 'as-needed',
  // The proxy (proxy.ts) reads and writes the language cookie itself.
  localeCookie: false,
});
