import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { backendCannotAnswer } from '@/server/http/link-form';
import { Unavailable } from '@/app/_screens/shell/looked-up';
import { formatLongDate } from '@/lib/i18n/format';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';
import { MessagePanel } from '@/components/shell/message-panel';
import { PostForm } from '@/components/forms/post-form';

/**
 * `/frontpage/waitlist/{offer}?s=`: where a waiting-list offer's link leads
 * (server/booking/waitlist.ts). The GET shows the table and how long it is held; the button
 * (a plain form, no scripts needed) claims it and comes back here, which says how it went.
 * Read through the link door (`guestLinks.offer`; on a front the contract's `waitlist/offer`, which checks the link).
 */
export async function OfferScreen({ params, id, signature }: { params: VenueParams; id: number; signature: string }) {
  const { locale, venueKey, location } = await loadVenue(params);
  const t = await getTranslations('waitlist.page');
  const result = await backendFor(venueKey).guestLinks.offer({ id, s: signature });
  if (!result.status && backendCannotAnswer(result.error)) return <Unavailable />;
  const page = result.status ? result.data : ({ state: 'invalid' } as const);
  const lang = toLocale(locale);
  if (page.state === 'invalid') {
    return (
      <MessagePanel title={t('title')}>
        <p role="alert">{t('invalid')}</p>
      </MessagePanel>
    );
  }
  const r = page.booking;
  const details = { venueName: location.locationname, covers: r.partySize, date: formatLongDate(r.date, locale), time: r.time, until: page.until };
  const said = {
    claimed: r.status === 'pending' ? t('pending') : t('claimed'),
    code: t('code'),
    expired: t('expired'),
    gone: t('gone'),
    started: t('started'),
    needsCard: t('needsCard'),
    open: '',
  }[page.state];
  return (
    <MessagePanel title={t('title')} text={t('text', details)}>
      {page.state === 'open' ? (
        <PostForm
          action="/api/reservation/offer"
          fields={{ id, s: signature }}
          language={locale}
          buttons={
            <button type="submit" className="button">
              {t('claim')}
            </button>
          }
        />
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
    </MessagePanel>
  );
}
