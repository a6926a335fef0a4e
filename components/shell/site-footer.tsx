import { getTranslations } from 'next-intl/server';
import type { Location } from '@/lib/contract/location';
import { CustomFooter } from './custom-header';

export async function SiteFooter({ location }: { location: Location | null }) {
  if (!location) return null;
  const t = await getTranslations('shell');
  return (
    <footer className="site-footer">
      <p className="site-footer__name">{location.locationname}</p>
      {location.address ? <p>{location.address}</p> : null}
      {location.phone ? (
        <p>
          <a href={`tel:${location.phone.replace(/\s+/g, '')}`}>{location.phone}</a>
        </p>
      ) : null}
      {/* The venue's own footer HTML (spec section 3), inside the footer landmark. */}
      <CustomFooter html={location.customFooter} />
      <p className="site-footer__small">{t('poweredBy', { name: location.locationname })}</p>
    </footer>
  );
}
