import { getRequestConfig } from 'next-intl/server';
import { toLocale } from '@/lib/i18n/locales';

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = toLocale(await requestLocale);
  return {
    locale,
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
