import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { backendCannotAnswer } from '@/server/http/link-form';
import { Unavailable } from '@/app/_screens/shell/looked-up';
import { formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';
import { MessagePanel } from '@/components/shell/message-panel';
import { PostForm } from '@/components/forms/post-form';

/**
 * `/frontpage/reminder/{hash}?a=&v=&s=`: where the reminder's "I'm coming" and "Cancel" links
 * lead (server/booking/reminders.ts). The GET only asks (mail scanners change nothing); the
 * buttons are a plain form (no scripts needed) whose POST answers and comes back here. Read
 * through the link door (`guestLinks.reminder`; on a front the contract's `reservation/reminder`,
 * which checks the link).
 */
export async function ReminderScreen({ params, hash, query }: { params: VenueParams; hash: string; query: { a?: string; v?: string; s?: string } }) {
  const { locale, venueKey, location } = await loadVenue(params);
  const t = await getTranslations('reminders.page');
  const result = await backendFor(venueKey).guestLinks.reminder({ hash, v: query.v ?? '', s: query.s ?? '' });
  if (!result.status && backendCannotAnswer(result.error)) return <Unavailable />;
  const page = result.status ? result.data : ({ state: 'invalid' } as const);
  const manage = page.state !== 'invalid' ? localizedPath(toLocale(locale), `/reserve/${page.booking.hash}/edit`) : '';
  const ended = { coming: t('comingDone'), cancelled: t('cancelledDone'), changed: t('changed'), past: t('past'), invalid: t('invalid'), open: '' }[page.state];
  const fields = { hash, v: query.v ?? '', s: query.s ?? '' };
  // Issue 45: the common actions first and large; cancelling apart, below a rule, and asked
  // twice (a <details> needs no script): "Cancel the booking" opens, "Yes, cancel" cancels. A
  // guest who came from the e-mail's Cancel link finds it open, with its price said.
  return (
    <MessagePanel title={t('title')}>
      {page.state === 'open' ? (
        <>
          <PostForm
            action="/api/reservation/reminder"
            fields={fields}
            language={locale}
            buttons={
              <button type="submit" name="a" value="coming" className="button">
                {t('coming')}
              </button>
            }
          >
            <p>{t('question', { venueName: location.locationname, date: formatLongDate(page.booking.date, locale), time: page.booking.time, covers: page.booking.partySize })}</p>
          </PostForm>
          {manage ? (
            <p className="actions">
              <a className="button button--ghost" href={manage}>
                {t('manage')}
              </a>
            </p>
          ) : null}
          <details className="danger-zone" open={query.a === 'cancel'}>
            <summary className="button button--ghost">{t('cancel')}</summary>
            <PostForm
              action="/api/reservation/reminder"
              fields={fields}
              language={locale}
              buttons={
                <button type="submit" name="a" value="cancel" className="button button--danger">
                  {t('cancelConfirm')}
                </button>
              }
            >
              <p className="hint">{page.freeCancel ? t('freeCancel') : t('cancelFee', { amount: formatMoney(page.feeCents, page.currency, locale) })}</p>
            </PostForm>
          </details>
        </>
      ) : (
        <>
          <p role={page.state === 'invalid' ? 'alert' : 'status'} data-testid="reminder-state">
            {ended}
          </p>
          {manage && page.state !== 'cancelled' ? (
            <p className="actions">
              <a className="button button--ghost" href={manage}>
                {t('manage')}
              </a>
            </p>
          ) : null}
        </>
      )}
    </MessagePanel>
  );
}
