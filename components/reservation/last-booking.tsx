'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { formatMoney } from '@/lib/currency';
import { bookingReference, formatDateTime, formatLongDate } from '@/lib/i18n/format';
import { policyMessage, zonedInstant } from '@/lib/booking/policy';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { LAST_RESERVATION_KEY, type LastReservation } from './types';
import { readSessionRaw } from './session';
import { calendarFile } from '@/lib/calendar/ics';

const noSubscription = () => () => undefined;
const readStored = () => readSessionRaw(LAST_RESERVATION_KEY);

type Props = {
  outcome: string;
  locale: Locale;
  zones: Record<string, string>;
  /** The venue, for the free-cancellation deadline in its time and the calendar file. */
  venue?: { name: string; address: string; timezone: string };
};

/** An "Add to calendar" file for the booking, as a data: URL (the e-mail carries the same as an attachment). */
function icsHref(last: LastReservation, venue: NonNullable<Props['venue']>, title: string, url: string): string {
  const start = zonedInstant(venue.timezone, last.date, last.time);
  const end = new Date(start.getTime() + 120 * 60_000);
  const file = calendarFile({ uid: `${last.hash ?? `${last.date}-${last.time}`}@${window.location.host}`, start, end, now: new Date(), summary: title, location: venue.address, url });
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(file)}`;
}

/** The booking just made, kept by the wizard in sessionStorage (the page itself is cached, the same for everyone). */
export function LastBooking({ outcome, locale, zones, venue }: Props) {
  const t = useTranslations('reserve');
  const raw = useSyncExternalStore(noSubscription, readStored, () => null);
  const last = useMemo(() => {
    try {
      const stored = JSON.parse(raw ?? 'null') as LastReservation | null;
      return stored?.outcome === outcome ? stored : null;
    } catch {
      return null;
    }
  }, [raw, outcome]);
  if (!last) return null;
  const date = formatLongDate(last.date, locale);
  const people = t('people.count', { count: last.pax });
  const standing = last.hash && (outcome === 'confirm' || outcome === 'accept');
  const terms = last.guarantee;
  let deadline: string | null = null;
  let deadlinePassed = false;
  if (terms && terms.refundable === 'until' && venue) {
    const at = new Date(zonedInstant(venue.timezone, last.date, last.time).getTime() - terms.hoursBefore * 3_600_000);
    deadline = formatDateTime(at, locale, venue.timezone);
    // Booked after the deadline (the same day, a few hours ahead): no free cancellation is promised (issue 45).
    deadlinePassed = Boolean(last.bookedAt) && at.getTime() <= Date.parse(last.bookedAt ?? '');
  }
  const policy = terms ? policyMessage(terms) : null;
  const editPath = last.hash ? localizedPath(locale, `/reserve/${last.hash}/edit`) : '';
  return (
    <section className="summary" aria-label={t('outcome.details')}>
      <dl className="summary__list">
        {last.hash ? (
          <>
            <dt>{t('outcome.reference')}</dt>
            <dd className="summary__reference">{bookingReference(last.hash)}</dd>
          </>
        ) : null}
        <dt>{t('summary.name')}</dt>
        <dd>{last.name}</dd>
        <dt>{t('summary.people')}</dt>
        <dd>{people}</dd>
        <dt>{t('summary.date')}</dt>
        <dd>{date}</dd>
        <dt>{t('summary.time')}</dt>
        <dd>{last.time}</dd>
        <dt>{t('summary.zone')}</dt>
        <dd>{zones[last.zone] ?? last.zone}</dd>
        {last.reason ? (
          <>
            <dt>{t('details.visitReason')}</dt>
            <dd>{last.reason}</dd>
          </>
        ) : null}
        {last.note ? (
          <>
            <dt>{t('details.notes')}</dt>
            <dd className="summary__note">{last.note}</dd>
          </>
        ) : null}
      </dl>
      {terms && policy ? (
        <div className="outcome-guarantee">
          <h2>{t('outcome.guaranteeTitle')}</h2>
          <ul className="guarantee-terms">
            <li>{t('outcome.cardSaved')}</li>
            <li>{t(`guarantee.${policy.key}`, policy.values)}</li>
            {deadline ? <li>{t(deadlinePassed ? 'outcome.freeOver' : 'outcome.freeUntil', { deadline })}</li> : null}
            {terms.refundable === 'never' ? <li>{t('outcome.noFreeCancellation')}</li> : null}
            <li>
              {t(terms.per === 'guest' ? 'guarantee.feePerGuest' : 'guarantee.feePerReservation', {
                amount: formatMoney(terms.feeCents, terms.currency, locale),
                total: formatMoney(terms.totalCents, terms.currency, locale),
              })}
            </li>
          </ul>
        </div>
      ) : null}
      {standing ? (
        <nav className="actions outcome-links" aria-label={t('outcome.manage')}>
          <a className="button button--ghost" href={editPath}>
            {t('outcome.change')}
          </a>
          <a className="button button--ghost" href={localizedPath(locale, `/reserve/${last.hash}/cancel`)}>
            {t('outcome.cancel')}
          </a>
          {venue ? (
            <a className="button button--ghost" download="reservation.ics" href={icsHref(last, venue, `${venue.name} · ${people}`, new URL(editPath, window.location.origin).toString())}>
              {t('outcome.addToCalendar')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </section>
  );
}
