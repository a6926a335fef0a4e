import type { ReactNode } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, defaultLocale } from '@/lib/i18n/locales';
import { loadLocation } from '@/server/venues/data';
import { emptyLocation } from '@/lib/contract/location';
import { SiteHeader } from '@/components/shell/site-header';
import { SiteFooter } from '@/components/shell/site-footer';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

type Props = { children: ReactNode; params: Promise<{ venue: string; locale: string }> };

/**
 * The shared landing layout and header (spec section 2). It sits below the document
 * layout so that its not-found.tsx catches notFound() with the venue's shell around it.
 */
export default async function SiteLayout({ children, params }: Props) {
  const { venue, locale: rawLocale } = await params;
  const locale = isLocale(rawLocale) ? rawLocale : defaultLocale;
  setRequestLocale(locale);
  const [loaded, t] = await Promise.all([loadLocation(venue), getTranslations('shell')]);
  // A failed backend still gets the navigation (spec section 7: read as empty); an unknown venue does not.
  const location = loaded.status === 'ok' ? loaded.data : null;
  const navigation = loaded.status === 'failed' ? emptyLocation : location;
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <SiteHeader location={navigation} />
      <main id="main" tabIndex={-1}>
        {loaded.status === 'unknownVenue' ? <NotFoundPage /> : children}
      </main>
      <SiteFooter location={location} />
    </>
  );
}
