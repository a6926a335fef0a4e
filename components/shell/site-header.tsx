import { getLocale, getTranslations } from 'next-intl/server';
import { locales, type Locale } from '@/lib/i18n/locales';
import { Link } from '@/components/shell/link';
import type { Location } from '@/lib/contract/location';
import { LanguageSwitcher } from './language-switcher';
import { SiteMenu } from './site-menu';

export async function SiteHeader({ location }: { location: Location | null }) {
  const [t, locale] = await Promise.all([getTranslations('shell'), getLocale()]);
  const languageNames = Object.fromEntries(locales.map((l) => [l, t(`languageNames.${l}`)])) as Record<Locale, string>;
  const promotion = location?.services.promotion;
  const links = location ? (
    <>
      <Link href="/reserve">{t('nav.reserve')}</Link>
      <Link href="/frontpage/esperienze">{t('nav.experiences')}</Link>
      {location.services.giftCards ? <Link href="/frontpage/giftcards">{t('nav.giftcards')}</Link> : null}
      {promotion ? <Link href={`/frontpage/promo/${promotion.urlName}`}>{t('nav.promo')}</Link> : null}
      {location.services.fidelity ? <Link href="/frontpage/fidelity">{t('nav.fidelity')}</Link> : null}
    </>
  ) : null;
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <Link href="/" className="site-header__brand">
          {location?.theme.logo ? (
            // eslint-disable-next-line @next/next/no-img-element -- venue logos are small self-hosted SVGs
            <img src={location.theme.logo} alt={t('logoAlt', { name: location.locationname })} width={40} height={40} />
          ) : null}
          <span>{location?.locationname}</span>
        </Link>
        {links ? (
          <SiteMenu label={t('menu')}>
            <nav aria-label={t('mainNavigation')} className="site-menu__nav">
              {links}
            </nav>
          </SiteMenu>
        ) : null}
        <LanguageSwitcher locale={locale as Locale} label={t('language')} names={languageNames} />
      </div>
      {/* Wider screens: the same links in a row (the menu above shows on phones only; one of the two is displayed). */}
      {links ? (
        <nav aria-label={t('mainNavigation')} className="site-nav">
          {links}
        </nav>
      ) : null}
    </header>
  );
}
