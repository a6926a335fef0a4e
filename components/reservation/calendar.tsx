'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { DayInfo, WizardSetup } from './types';
import { formatDate } from './format';

type Props = {
  setup: WizardSetup;
  month: string;
  days?: DayInfo[];
  loading: boolean;
  error?: string;
  /** Days on which an experience can be booked (`experience/getesperienzemonth`). */
  experienceDates: Set<string>;
  /** Days in the `experience` state can be chosen too (they lead to that day's experiences). */
  chooseExperienceDays?: boolean;
  onMonth: (month: string) => void;
  onChoose: (date: string) => void;
  /** Why no day of the month can be chosen, when the caller knows better (e.g. an experience with no more dates). */
  noneText?: string;
};

const shift = (month: string, delta: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
};

/** The day `delta` days after an ISO date. */
const addDays = (date: string, delta: number) => {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
};

type Pending = 'first' | 'last' | number;

/**
 * The month grid, a WAI-ARIA date grid: one tab stop (the chosen or first open day); the
 * arrow keys move between the days that can be chosen (closed and past days are skipped,
 * and say why in their name and tooltip), Home/End go to the week's first/last open day,
 * PageUp/PageDown change month. Under it, the same available days as a plain select,
 * which screen-reader users often find easier than a grid.
 */
export function Calendar({ setup, month, days, loading, error, experienceDates, chooseExperienceDays = false, onMonth, onChoose, noneText }: Props) {
  const t = useTranslations('reserve');
  const [tipFor, setTipFor] = useState<string | null>(null);
  const [focusDate, setFocusDate] = useState<string | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pending = useRef<Pending | null>(null);
  const canChoose = (d: DayInfo) => d.state === 'available' || (chooseExperienceDays && d.state === 'experience');
  const available = (days ?? []).filter(canChoose);
  const open = available.map((d) => d.date);
  const active = focusDate && open.includes(focusDate) ? focusDate : (open[0] ?? null);
  const current = new Date().toISOString().slice(0, 7);
  const firstMonth = month <= current;

  // After a month change from the keyboard, focus lands on a day of the new month.
  useEffect(() => {
    const want = pending.current;
    if (want === null || loading || !days) return;
    pending.current = null;
    let target: string | undefined;
    if (want === 'first') target = open[0];
    else if (want === 'last') target = open[open.length - 1];
    else target = open.find((d) => Number(d.slice(8)) >= want) ?? open[open.length - 1];
    if (target) {
      setFocusDate(target);
      buttons.current.get(target)?.focus();
    }
  }, [days, loading, open]);

  if (!month) return null;
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const firstWeekday = (new Date(Date.UTC(year, monthIndex, 1)).getUTCDay() + 6) % 7; // Monday first

  const goMonth = (delta: number, want: Pending) => {
    if (delta < 0 && firstMonth) return;
    pending.current = want;
    onMonth(shift(month, delta));
  };
  const moveTo = (date: string | undefined, fallback?: () => void) => {
    if (!date) return fallback?.();
    setFocusDate(date);
    buttons.current.get(date)?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const from = open.indexOf(date);
    const weekStart = addDays(date, -((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7));
    const weekEnd = addDays(weekStart, 6);
    const after = (d: string) => open.find((o) => o > d);
    const before = (d: string) => [...open].reverse().find((o) => o < d);
    switch (e.key) {
      case 'ArrowRight':
        moveTo(from >= 0 ? open[from + 1] : after(date), () => goMonth(1, 'first'));
        break;
      case 'ArrowLeft':
        moveTo(from >= 0 ? open[from - 1] : before(date), () => goMonth(-1, 'last'));
        break;
      case 'ArrowDown':
        moveTo(open.find((o) => o >= addDays(date, 7)), () => goMonth(1, 'first'));
        break;
      case 'ArrowUp':
        moveTo([...open].reverse().find((o) => o <= addDays(date, -7)), () => goMonth(-1, 'last'));
        break;
      case 'Home':
        moveTo(open.find((o) => o >= weekStart && o <= weekEnd));
        break;
      case 'End':
        moveTo([...open].reverse().find((o) => o >= weekStart && o <= weekEnd));
        break;
      case 'PageDown':
        goMonth(1, Number(date.slice(8)));
        break;
      case 'PageUp':
        goMonth(-1, Number(date.slice(8)));
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  const cells: (DayInfo | null)[] = [...Array.from({ length: firstWeekday }, () => null), ...(days ?? [])];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
  const monthLabelId = `calendar-month-${month}`;

  return (
    <div className="calendar">
      <div className="calendar__head">
        <button type="button" className="button button--ghost calendar__nav" onClick={() => onMonth(shift(month, -1))} disabled={firstMonth} aria-label={t('date.previous')}>
          ‹
        </button>
        <p className="calendar__month" id={monthLabelId} aria-live="polite">
          {setup.monthNames[monthIndex]} {year}
        </p>
        <button type="button" className="button button--ghost calendar__nav" onClick={() => onMonth(shift(month, 1))} aria-label={t('date.next')}>
          ›
        </button>
      </div>
      {error ? <p role="alert" className="field__error">{error}</p> : null}
      {loading || !days ? (
        <p role="status">{t('date.loading')}</p>
      ) : (
        <>
          <div className="calendar__grid" role="grid" aria-labelledby={monthLabelId}>
            <div role="row" className="calendar__row">
              {setup.weekdayNames.map((w) => (
                <span key={w} role="columnheader" className="calendar__weekday">
                  {w}
                </span>
              ))}
            </div>
            {weeks.map((week, wi) => (
              <div role="row" className="calendar__row" key={wi}>
                {week.map((d, di) => {
                  if (!d) return <span key={`pad-${di}`} role="gridcell" className="calendar__cell calendar__cell--pad" />;
                  const withExperiences = d.state === 'available' && experienceDates.has(d.date);
                  const state = t(`date.states.${d.state}`) + (withExperiences ? `, ${t('date.withExperiences')}` : '');
                  const usable = canChoose(d);
                  const tipId = `tip-${d.date}`;
                  return (
                    <span key={d.date} role="gridcell" className={`calendar__cell calendar__cell--${d.state}${withExperiences ? ' calendar__cell--experiences' : ''}`}>
                      <button
                        type="button"
                        className="calendar__day"
                        ref={(el) => {
                          if (el) buttons.current.set(d.date, el);
                          else buttons.current.delete(d.date);
                        }}
                        tabIndex={d.date === active ? 0 : -1}
                        aria-label={`${formatDate(d.date, setup.locale)}, ${state}`}
                        aria-describedby={tipId}
                        aria-disabled={!usable || undefined}
                        onKeyDown={(e) => onKeyDown(e, d.date)}
                        onFocus={() => usable && setFocusDate(d.date)}
                        onPointerDown={(e) => {
                          if (e.pointerType === 'touch' && !usable) setTipFor((cur) => (cur === d.date ? null : d.date));
                        }}
                        onClick={() => usable && onChoose(d.date)}
                      >
                        {Number(d.date.slice(8))}
                      </button>
                      <span id={tipId} role="tooltip" className={`calendar__tip${tipFor === d.date ? ' calendar__tip--open' : ''}`}>
                        {state}
                      </span>
                    </span>
                  );
                })}
              </div>
            ))}
          </div>
          {/* What the days' looks mean (issue 29): the same marks as the grid, named. */}
          <ul className="calendar__legend" aria-label={t('date.legend')}>
            {(['available', 'completed', 'closed'] as const).map((state) => (
              <li key={state} className={`calendar__cell--${state}`}>
                <span className="calendar__day calendar__swatch" aria-hidden="true">
                  {state === 'completed' ? '8' : ''}
                </span>
                {t(`date.states.${state}`)}
              </li>
            ))}
            {experienceDates.size ? (
              <li className="calendar__cell--available calendar__cell--experiences">
                <span className="calendar__day calendar__swatch" aria-hidden="true" />
                {t('date.legendExperiences')}
              </li>
            ) : null}
          </ul>
          <div className="field calendar__list">
            <label htmlFor="date-list">{t('date.list')}</label>
            {available.length ? (
              <select id="date-list" defaultValue="" onChange={(e) => e.target.value && onChoose(e.target.value)}>
                <option value="">{t('date.listPlaceholder')}</option>
                {available.map((d) => (
                  <option key={d.date} value={d.date}>
                    {formatDate(d.date, setup.locale)}
                  </option>
                ))}
              </select>
            ) : (
              <p id="date-list">{noneText ?? ((days ?? []).some((d) => d.state === 'completed') ? t('date.none') : t('date.noneThisMonth'))}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
