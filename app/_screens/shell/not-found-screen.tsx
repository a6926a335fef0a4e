import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { getLocation } from '@/server/venues/data';
import { getRequestVenueKey } from './venue-context';
import { MessagePanel } from '@/components/shell/message-panel';

/** Spec section 2, "Not found": the text and a button to the reservation form. */
export async function NotFoundScreen() {
  const venueKey = getRequestVenueKey();
  const [t, screens, location] = await Promise.all([
    getTranslations('notFound'),
    getTranslations('screens'),
    venueKey ? getLocation(venueKey) : null,
  ]);
  const product = screens('notFound');
  return (
    <MessagePanel title={t('title')} text={t('text')}>
      <title>{location?.locationname ? `${location.locationname} - ${product}` : product}</title>
      <div className="actions">
        <Link className="button" href="/reserve">
          {t('reserve')}
        </Link>
        <Link className="button button--ghost" href="/">
          {t('home')}
        </Link>
      </div>
    </MessagePanel>
  );
}
