import { getTranslations } from 'next-intl/server';
import type { Location } from '@/lib/contract/location';

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
      <p className="site-footer__small">{t('poweredBy', { name: location.locationname })}</p>
    </footer>
  );
}
