import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { getLocation } from '@/lib/venue/data';
import { SiteHeader } from '@/components/shell/site-header';
import { SiteFooter } from '@/components/shell/site-footer';

type Props = { children: ReactNode; params: Promise<{ venue: string; locale: string }> };

/**
 * The shared landing layout and header (spec section 2). It sits below the document
 * layout so that its not-found.tsx catches notFound() with the venue's shell around it.
 */
export default async function SiteLayout({ children, params }: Props) {
  const { venue, locale: rawLocale } = await params;
  const locale = isLocale(rawLocale) ? rawLocale : defaultLocale;
  setRequestLocale(locale);
  const [location, t] = await Promise.all([getLocation(venue), getTranslations('shell')]);
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader location={location} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter location={location} />
    </>
  );
}
