import { getLocale, getTranslations } from 'next-intl/server';
import { pickText } from '@/lib/i18n/texts';
import { toLocale } from '@/lib/i18n/locales';
import type { Location } from '@/lib/contract/location';
import { CustomFooter } from './custom-header';
import { Link } from './link';
import { OpeningHoursText } from './opening-hours';

export async function SiteFooter({ location }: { location: Location | null }) {
  if (!location) return null;
  const [t, a11y, locale] = await Promise.all([getTranslations('shell'), getTranslations('accessibility'), getLocale()]);
  return (
    <footer className="site-footer">
      <p className="site-footer__name">{location.locationname}</p>
      {location.address ? <p>{location.address}</p> : null}
      {location.phone ? (
        <p>
          <a href={`tel:${location.phone.replace(/\s+/g, '')}`}>{location.phone}</a>
        </p>
      ) : null}
      <OpeningHoursText id="footer-hours" hours={location.place?.openingHours ?? []} locale={locale} className="opening-hours--footer" />
      {/* The venue's own footer HTML (spec section 3), in the page's language where the venue gives one (issue 29), inside the footer landmark. */}
      <CustomFooter html={pickText(location.customFooter, toLocale(locale))} />
      <p className="site-footer__small">
        <Link href="/frontpage/accessibility">{a11y('footerLink')}</Link>
      </p>
      <p className="site-footer__small">{t('poweredBy', { name: location.locationname })}</p>
    </footer>
  );
}
