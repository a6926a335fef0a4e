'use client';

import useSWR from 'swr';
import { query } from '@/lib/api/client';
import { formatDay, sentenceCase } from '@/lib/i18n/format';
import { fetchMonth } from './wizard-calls';
import { formatDate } from './format';
import { useReserveTexts } from './texts';
import type { DayInfo, WizardSetup } from './types';

/** How many open days a closed day offers instead. */
const OFFERED = 3;

const isoWeekday = (date: string) => {
  const d = new Date(`${date}T12:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const nextMonth = (month: string) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
};

/** Why a day has no tables, as far as the venue's hours say: a closure (its range), its weekly closed day, or neither. */
export function closedReason(opening: WizardSetup['opening'], date: string): { kind: 'closure'; from: string; to: string } | { kind: 'weekly'; weekday: number } | { kind: 'other' } {
  const closure = opening?.closures.find((c) => c.from <= date && date <= c.to);
  if (closure) return { kind: 'closure', ...closure };
  if (opening?.weekdays.length && !opening.weekdays.includes(isoWeekday(date))) return { kind: 'weekly', weekday: isoWeekday(date) };
  return { kind: 'other' };
}

/**
 * A day without tables reached by a link or a reload (`/reserve?pax=2&date=…`, issue 45): why
 * (the venue's closure or weekly closed day, in words), and the next days with tables free for
 * the party, read from the calendar's own month calls, instead of an empty list of times.
 */
export function ClosedDay({ setup, pax, date, scope, onChoose }: { setup: WizardSetup; pax: number; date: string; scope: Record<string, string | null | undefined>; onChoose: (date: string | null) => void }) {
  const { t } = useReserveTexts();
  const month = date.slice(0, 7);
  const monthUrl = (m: string) => `/api/reservation/month?${query({ year: m.slice(0, 4), month: Number(m.slice(5, 7)), pax, ...scope })}`;
  const first = useSWR<DayInfo[]>(monthUrl(month), fetchMonth);
  const second = useSWR<DayInfo[]>(monthUrl(nextMonth(month)), fetchMonth);
  const reason = closedReason(setup.opening, date);
  const loading = first.isLoading || second.isLoading;
  const next = [...(first.data ?? []), ...(second.data ?? [])].filter((d) => d.date > date && d.state === 'available').slice(0, OFFERED);
  const day = sentenceCase(formatDate(date, setup.locale), setup.locale);
  const weekday = (n: number) => new Intl.DateTimeFormat(setup.locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, n)));
  return (
    <div className="closed-day">
      <div role="status" className="notice notice--warning">
        <p className="closed-day__title">{reason.kind === 'other' ? t('closed.noTables', { date: day }) : t('closed.title', { date: day })}</p>
        {reason.kind === 'weekly' ? <p>{t('closed.weekly', { weekday: weekday(reason.weekday) })}</p> : null}
        {reason.kind === 'closure' && reason.from !== reason.to ? <p>{t('closed.range', { from: formatDay(reason.from, setup.locale), to: formatDay(reason.to, setup.locale) })}</p> : null}
      </div>
      {loading ? <p role="status">{t('date.loading')}</p> : null}
      {!loading && next.length ? (
        <>
          <p>{t('closed.next')}</p>
          <ul className="choice-grid closed-day__next">
            {next.map((d) => (
              <li key={d.date}>
                <button type="button" className="choice" onClick={() => onChoose(d.date)}>
                  {sentenceCase(formatDate(d.date, setup.locale), setup.locale)}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {!loading && !next.length ? <p>{t('closed.none')}</p> : null}
      <div className="actions" style={{ justifyContent: 'flex-start' }}>
        <button type="button" className="button button--ghost" onClick={() => onChoose(null)}>
          {t('closed.otherDate')}
        </button>
      </div>
    </div>
  );
}
