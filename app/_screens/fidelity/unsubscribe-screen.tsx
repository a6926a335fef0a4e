import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { unsubscribeState } from '@/server/fidelity/unsubscribe';
import { formatDateTime } from '@/lib/i18n/format';

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
    <div className="message-panel">
      <h1>{t('title')}</h1>
      {state.state === 'invalid' ? <p role="alert">{t('invalid')}</p> : null}
      {state.state === 'done' ? (
        <p role="status" data-testid="unsubscribe-done">
          {t('done', { name: location.locationname, date: formatDateTime(new Date(state.at!), locale, venue!.timezone) })}
        </p>
      ) : null}
      {state.state === 'open' ? (
        <form method="post" action="/api/fidelity/unsubscribe" className="form">
          <p>{t(state.member ? 'question' : 'questionGuest', { name: location.locationname })}</p>
          <input type="hidden" name="t" value={token} />
          <input type="hidden" name="language" value={locale} />
          <div className="actions">
            <button type="submit" className="button">
              {t('confirm')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
