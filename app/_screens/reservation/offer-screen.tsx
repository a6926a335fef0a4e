import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { offerPage } from '@/server/booking/waitlist';
import { localMoment } from '@/server/booking/time';
import { formatLongDate } from '@/lib/i18n/format';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';

/**
 * `/frontpage/waitlist/{offer}?s=`: where a waiting-list offer's link leads
 * (server/booking/waitlist.ts). The GET shows the table and how long it is held; the button
 * (a plain form, no scripts needed) claims it and comes back here, which says how it went.
 */
export async function OfferScreen({ params, id, signature }: { params: VenueParams; id: number; signature: string }) {
  const { locale, venueKey, location } = await loadVenue(params);
  const t = await getTranslations('waitlist.page');
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKey);
  const page = venue ? await offerPage(db, venue, id, signature) : ({ state: 'invalid' } as const);
  const lang = toLocale(locale);
  if (page.state === 'invalid') {
    return (
      <div className="message-panel">
        <h1>{t('title')}</h1>
        <p role="alert">{t('invalid')}</p>
      </div>
    );
  }
  const r = page.booking;
  const details = { venueName: location.locationname, covers: r.covers, date: formatLongDate(r.date, locale), time: r.time, until: localMoment(venue!.timezone, page.expiresAt).time };
  const said = {
    claimed: r.status === 'pending' ? t('pending') : t('claimed'),
    code: t('code'),
    expired: t('expired'),
    gone: t('gone'),
    needsCard: t('needsCard'),
    open: '',
  }[page.state];
  return (
    <div className="message-panel">
      <h1>{t('title')}</h1>
      <p>{t('text', details)}</p>
      {page.state === 'open' ? (
        <form method="post" action="/api/reservation/offer" className="form">
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="s" value={signature} />
          <input type="hidden" name="language" value={locale} />
          <div className="actions">
            <button type="submit" className="button">
              {t('claim')}
            </button>
          </div>
        </form>
      ) : (
        <>
          <p role="status" data-testid="offer-state">
            {said}
          </p>
          {page.state === 'code' ? (
            <p>
              <a className="button" href={localizedPath(lang, `/a2fa/reserve/${r.hash}`)}>
                {t('codeLink')}
              </a>
            </p>
          ) : page.state !== 'claimed' ? (
            <p>
              <a className="button" href={localizedPath(lang, '/reserve')}>
                {t('book')}
              </a>
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
