import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { unsubscribeState } from '@/server/fidelity/unsubscribe';
import { formatDateTime } from '@/lib/i18n/format';
import { MessagePanel } from '@/components/shell/message-panel';
import { PostForm } from '@/components/forms/post-form';

/**
 * `/frontpage/fidelity/unsubscribe?t=`: where the loyalty e-mails' unsubscribe link leads
 * (server/fidelity/unsubscribe.ts). The GET only asks, so a mail scanner following the link
 * changes nothing; the button's POST (a plain form, working without scripts) withdraws the
 * consent and comes back here, which then says it is done and since when.
 */
export async function UnsubscribeScreen({ params, token }: { params: VenueParams; token: string }) {
  const { locale, venueKey, location } = await loadVenue(params);
  const t = await getTranslations('fidelity.unsubscribe');
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKey);
  const state = venue ? await unsubscribeState(db, venue, token) : ({ state: 'invalid' } as const);
  return (
    <MessagePanel title={t('title')}>
      {state.state === 'invalid' ? <p role="alert">{t('invalid')}</p> : null}
      {state.state === 'done' ? (
        <p role="status" data-testid="unsubscribe-done">
          {t('done', { name: location.locationname, date: formatDateTime(new Date(state.at!), locale, venue!.timezone) })}
        </p>
      ) : null}
      {state.state === 'open' ? (
        <PostForm
          action="/api/fidelity/unsubscribe"
          fields={{ t: token }}
          language={locale}
          buttons={
            <button type="submit" className="button">
              {t('confirm')}
            </button>
          }
        >
          <p>{t(state.member ? 'question' : 'questionGuest', { name: location.locationname })}</p>
        </PostForm>
      ) : null}
    </MessagePanel>
  );
}
