import { getTranslations } from 'next-intl/server';
import { ActionLink } from '@/components/shell/link';
import { loadVenue, type VenueParams } from './venue-context';
import type { ScreenKey } from '@/components/shell/screens';
import { MessagePanel } from '@/components/shell/message-panel';

/** A screen whose feature comes in a later issue: the shell, its title and a way back. */
export async function PlaceholderScreen({ params, screen }: { params: VenueParams; screen: ScreenKey }) {
  await loadVenue(params);
  const [screens, shell] = await Promise.all([getTranslations('screens'), getTranslations('shell')]);
  return (
    <MessagePanel title={screens(screen)} text={shell('comingSoon')}>
      <ActionLink href="/">{shell('backHome')}</ActionLink>
    </MessagePanel>
  );
}
