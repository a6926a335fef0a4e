import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { loadVenue, type VenueParams } from './venue-context';
import type { ScreenKey } from '@/components/shell/screens';

/** A screen whose feature comes in a later issue: the shell, its title and a way back. */
export async function PlaceholderScreen({ params, screen }: { params: VenueParams; screen: ScreenKey }) {
  await loadVenue(params);
  const [screens, shell] = await Promise.all([getTranslations('screens'), getTranslations('shell')]);
  return (
    <div className="message-panel">
      <h1>{screens(screen)}</h1>
      <p>{shell('comingSoon')}</p>
      <div className="actions">
        <Link className="button" href="/">
          {shell('backHome')}
        </Link>
      </div>
    </div>
  );
}
