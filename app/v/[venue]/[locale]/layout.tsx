import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { getLocation } from '@/lib/venue/data';
import { CustomFooter, CustomHeader } from '@/components/shell/custom-header';
import { SiteHeader } from '@/components/shell/site-header';
import { SiteFooter } from '@/components/shell/site-footer';
import { themeStyle } from '@/components/shell/theme';
import '../../../globals.css';

/** Pages are generated on first request per venue and locale, then served from cache. */
export const dynamicParams = true;
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = { children: ReactNode; params: Promise<{ venue: string; locale: string }> };

export default async function VenueLayout({ children, params }: Props) {
  const { venue, locale: rawLocale } = await params;
  const locale = isLocale(rawLocale) ? rawLocale : defaultLocale;
  setRequestLocale(locale);
  const [location, t, messages] = await Promise.all([getLocation(venue), getTranslations('shell'), getMessages()]);
  // The browser gets only the strings its client components use.
  const shell = messages.shell as Record<string, unknown>;
  const clientMessages = { shell: { language: shell.language, languageNames: shell.languageNames } };
  return (
    <html lang={locale}>
      <head>
        <CustomHeader html={location?.customHeader ?? ''} />
      </head>
      <body style={themeStyle(location?.theme.brandColor)}>
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider messages={clientMessages}>
          <SiteHeader location={location} />
        </NextIntlClientProvider>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter location={location} />
        <CustomFooter html={location?.customFooter ?? ''} />
      </body>
    </html>
  );
}
