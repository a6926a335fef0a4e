import { getRequestConfig } from 'next-intl/server';
import { toLocale } from '@/lib/i18n/locales';
import { compiledMessagesOf } from '@/lib/i18n/messages';

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = toLocale(await requestLocale);
  // Compiled ahead of time: next-intl formats with format-only, without the ICU parser (next.config.mjs).
  return { locale, messages: await compiledMessagesOf(locale) };
});
