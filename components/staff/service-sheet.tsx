'use client';

import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import type { StaffBooking } from '@/lib/contract/staff';
import { fetchChecked } from '@/lib/api/client';
import { staffDayAnswer } from '@/lib/api/answers/staff';
import { useTranslations } from 'next-intl';
import { pick } from './types';
import { AutoOffers } from './auto-offers';
import { BookingCard } from './booking-card';
import { dayAfter } from '@/lib/booking/days';
import { policyMessage } from '@/lib/booking/policy';
import { formatMoney } from '@/lib/currency';
import { StaffSearch } from './search';
import { AddBooking } from './booking-form';


const FILTERS = ['all', 'pending', 'confirmed', 'waitinglist', 'declined', 'cancelled'] as const;

const fetchDay = fetchChecked(staffDayAnswer);

/**
 * The service sheet (issue 23): a day's bookings by shift and time, covers against
 * capacity, the waiting list, and the answers. Polls every 5 s (SWR), so another device's
 * change shows within seconds; an answer on a booking that changed meanwhile shows it as it is now.
 */
export function ServiceSheet({ initialDate, locale }: { initialDate: string; locale: string }) {
  const t = useTranslations('staffArea');
  const [date, setDate] = useState(initialDate);
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('all');
  const dateId = useId();
  const filterId = useId();
  const { data, error, mutate } = useSWR(`/api/staff/day?date=${date}`, fetchDay, { refreshInterval: 5000, revalidateOnFocus: true });
  const status = (error as { status?: number } | undefined)?.status;
  if (status === 401) window.location.reload();
  // The day in the address (issue 44): a reload, a bookmark or a shared link opens the same day.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('date') === date) return;
    url.searchParams.set('date', date);
    window.history.replaceState(window.history.state, '', url);
  }, [date]);
  const dayLink = (days: number, label: string, rel: 'prev' | 'next') => {
    const to = dayAfter(date, days);
    return (
      <a
        className="button button--ghost staff-sheet__step"
        href={`?date=${to}`}
        rel={rel}
        onClick={(e) => {
          e.preventDefault();
          setDate(to);
        }}
      >
        {label}
      </a>
    );
  };
  const longDay = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
  // The venue's terms in the staff's language (the guest's accepted text names their own party's total); a backend without the terms, the guest's text.
  const policyWording = (b: StaffBooking, currency: string) => {
    const g = b.guarantee;
    if (!g) return '';
    if (g.refundable !== 'never' && g.refundable !== 'always' && g.refundable !== 'until') return g.policy;
    const rule = policyMessage({ refundable: g.refundable, hoursBefore: g.hoursBefore });
    const amount = formatMoney(g.feeCents, g.currency || currency, locale);
    return `${t(`policyText.${rule.key}`, rule.values)} ${t(g.per === 'guest' ? 'policyText.feePerGuest' : 'policyText.feePerReservation', { amount })}`;
  };
  const shown = (b: StaffBooking) => filter === 'all' || b.status === filter;
  // The cancellation policies guests accepted, once per sheet (the same text on every guaranteed card made a phone's sheet metres long).
  const policies = data ? [...new Set([...data.shifts.flatMap((s) => s.bookings), ...data.waitingList, ...data.experiences].map((b) => policyWording(b, data.currency)).filter(Boolean))] : [];
  return (
    <div className="staff-sheet">
      <nav className="staff-sheet__days" aria-label={t('days')}>
        {dayLink(-1, t('previousDay'), 'prev')}
        <p className="staff-sheet__day" data-testid="staff-day" aria-live="polite">
          {longDay}
        </p>
        {dayLink(1, t('nextDay'), 'next')}
      </nav>
      <div className="staff-sheet__controls">
        <div className="field">
          <label htmlFor={dateId}>{t('day')}</label>
          <input id={dateId} type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={filterId}>{t('filter')}</label>
          <select id={filterId} value={filter} onChange={(e) => setFilter(e.target.value as (typeof FILTERS)[number])}>
            {FILTERS.map((f) => (
              <option key={f} value={f}>
                {f === 'all' ? t('all') : t(`status.${f}`)}
              </option>
            ))}
          </select>
        </div>
        {data && date !== data.today ? (
          <button type="button" className="button button--ghost" onClick={() => setDate(data.today)}>
            {t('today')}
          </button>
        ) : null}
      </div>
      <StaffSearch locale={locale} onOpenDay={setDate} />
      {error && status !== 401 ? (
        <p role="alert" className="field__error">
          {status === 501 ? t('notOffered') : t('unavailable')}
        </p>
      ) : null}
      {!data ? null : (
        <>
          {data.zones.length ? <AddBooking key={data.date} day={data} locale={locale} onBooked={() => mutate()} /> : null}
          {policies.length ? (
            <details className="staff-policies" data-testid="staff-policies">
              <summary>{t('fee.policy')}</summary>
              {policies.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </details>
          ) : null}
          {data.shifts.map((shift) => {
            const bookings = shift.bookings.filter(shown);
            return (
              <section key={shift.key} className="staff-shift" aria-labelledby={`shift-${shift.key}`}>
                <h2 id={`shift-${shift.key}`}>
                  {pick(shift.name, locale)} <span className="staff-shift__times">{`${shift.startTime}–${shift.endTime}`}</span>
                </h2>
                <p className="staff-shift__covers" data-testid={`covers-${shift.key}`}>
                  {t('covers', { covers: shift.covers, capacity: shift.capacity })}
                </p>
                {shift.tally ? (
                  <dl className="staff-tally" data-testid={`tally-${shift.key}`}>
                    {(['expected', 'seated', 'finished', 'noShow', 'coversLeft'] as const).map((k) => (
                      <div key={k} className="staff-tally__item">
                        <dt>{t(`tally.${k}`)}</dt>
                        <dd data-testid={`tally-${shift.key}-${k}`}>{shift.tally![k]}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {bookings.length ? (
                  <ul className="staff-list">
                    {bookings.map((b) => (
                      <BookingCard key={b.hash} booking={b} locale={locale} currency={data.currency} timeZone={data.timezone} now={data.now} forms={data} onChanged={() => mutate()} />
                    ))}
                  </ul>
                ) : (
                  <p>{t('noBookings')}</p>
                )}
              </section>
            );
          })}
          {!data.shifts.length ? <p>{t('noBookings')}</p> : null}
          <section className="staff-shift" aria-labelledby="staff-experiences">
            <h2 id="staff-experiences">{t('experiences')}</h2>
            {data.experiences.filter(shown).length ? (
              <ul className="staff-list">
                {data.experiences.filter(shown).map((b) => (
                  <BookingCard key={b.hash} booking={b} locale={locale} currency={data.currency} timeZone={data.timezone} now={data.now} forms={data} onChanged={() => mutate()} />
                ))}
              </ul>
            ) : (
              <p>{t('noExperiences')}</p>
            )}
          </section>
          <section className="staff-shift" aria-labelledby="staff-waiting">
            <h2 id="staff-waiting">{t('waitingList')}</h2>
            {data.autoOffers !== null ? <AutoOffers enabled={data.autoOffers} onChanged={() => mutate()} /> : null}
            {data.waitingList.filter(shown).length ? (
              <ol className="staff-list">
                {data.waitingList.filter(shown).map((b) => (
                  <BookingCard key={b.hash} booking={b} locale={locale} currency={data.currency} timeZone={data.timezone} now={data.now} forms={data} onChanged={() => mutate()} />
                ))}
              </ol>
            ) : (
              <p>{t('noWaiting')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
