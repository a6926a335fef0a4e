import 'server-only';
import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { getDb } from '@/server/db/client';
import { STAFF_COOKIE, staffSessionFor } from '@/server/staff/sessions';
import { formatMoney } from '@/lib/currency';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';

/**
 * `/staff/metrics?month=yyyy-mm` (issue 24): the month's waiting-list offers, reminders and
 * no-shows (`staff/metrics`), for staff signed in on this device; the sheet's sign-in otherwise.
 */
export async function MetricsScreen({ params, month }: { params: VenueParams; month: string }) {
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('staffArea');
  const lang = toLocale(locale);
  const session = await staffSessionFor(await getDb(), venueKey, (await cookies()).get(STAFF_COOKIE)?.value);
  const back = (
    <p>
      <a href={localizedPath(lang, '/staff')}>{session ? t('metrics.back') : t('signInText')}</a>
    </p>
  );
  if (!session) return <div className="form-page form-page--wide staff-page"><h1>{t('metrics.title')}</h1>{back}</div>;
  const result = await backendFor(venueKey).staffArea.metrics(/^\d{4}-\d{2}$/.test(month) ? month : undefined);
  if (!result.status) {
    return (
      <div className="form-page form-page--wide staff-page">
        <h1>{t('metrics.title')}</h1>
        <p role="alert">{result.error === 'unknownCall' ? t('notOffered') : t('unavailable')}</p>
        {back}
      </div>
    );
  }
  const m = result.data;
  const money = (cents: number) => formatMoney(cents, m.currency, locale);
  const group = (title: 'offers' | 'reminders' | 'noShows', rows: [string, string | number, string][]) => (
    <section className="staff-shift" aria-labelledby={`metrics-${title}`}>
      <h2 id={`metrics-${title}`}>{t(`metrics.${title}`)}</h2>
      <dl className="staff-booking__facts">
        {rows.map(([label, value, id]) => (
          <div key={id} data-testid={`metric-${id}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
  return (
    <div className="form-page form-page--wide staff-page">
      <h1>{t('metrics.title')}</h1>
      <form method="get" className="staff-sheet__controls">
        <div className="field">
          <label htmlFor="metrics-month">{t('metrics.month')}</label>
          <input id="metrics-month" name="month" type="month" defaultValue={m.month} />
        </div>
        <button type="submit" className="button button--ghost">
          {t('metrics.month')}
        </button>
      </form>
      {group('offers', [
        [t('metrics.offersMade'), m.offers.made, 'offers-made'],
        [t('metrics.offersClaimed'), m.offers.claimed, 'offers-claimed'],
        [t('metrics.offersExpired'), m.offers.expired, 'offers-expired'],
      ])}
      {group('reminders', [
        [t('metrics.remindersSent'), m.reminders.sent, 'reminders-sent'],
        [t('metrics.remindersConfirmed'), m.reminders.confirmed, 'reminders-confirmed'],
        [t('metrics.remindersCancelled'), m.reminders.cancelled, 'reminders-cancelled'],
      ])}
      {group('noShows', [
        [t('metrics.noShowsMarked'), m.noShows.marked, 'noshows'],
        [t('metrics.feesCollected'), money(m.noShows.feesCollectedCents), 'fees-collected'],
        [t('metrics.feesRefunded'), money(m.noShows.feesRefundedCents), 'fees-refunded'],
      ])}
      <p className="hint">{t('metrics.note')}</p>
      {back}
    </div>
  );
}
