'use client';

import { useState } from 'react';
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
};

const shift = (month: string, delta: number) => {
  const d = new Date(`${month}-01T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + delta);
  return d.toISOString().slice(0, 7);
};

/**
 * The month grid: each day shows its state in a tooltip (hover, focus, or a tap on touch
 * screens); available days can be chosen. Under it, the same available days as a plain
 * select, which screen-reader users usually find easier than a grid.
 */
export function Calendar({ setup, month, days, loading, error, experienceDates, chooseExperienceDays = false, onMonth, onChoose }: Props) {
  const { t } = setup;
  const [tipFor, setTipFor] = useState<string | null>(null);
  if (!month) return null;
  const year = Number(month.slice(0, 4));
  const monthIndex = Number(month.slice(5, 7)) - 1;
  const firstWeekday = (new Date(Date.UTC(year, monthIndex, 1)).getUTCDay() + 6) % 7; // Monday first
  const available = (days ?? []).filter((d) => d.state === 'available' || (chooseExperienceDays && d.state === 'experience'));
  const current = new Date().toISOString().slice(0, 7);
  return (
    <div className="calendar">
      <div className="calendar__head">
        <button type="button" className="button button--ghost" onClick={() => onMonth(shift(month, -1))} disabled={month <= current} aria-label={t['date.previous']}>
          ‹
        </button>
        <p className="calendar__month" aria-live="polite">
          {setup.monthNames[monthIndex]} {year}
        </p>
        <button type="button" className="button button--ghost" onClick={() => onMonth(shift(month, 1))} aria-label={t['date.next']}>
          ›
        </button>
      </div>
      {error ? <p role="alert" className="field__error">{error}</p> : null}
      {loading || !days ? (
        <p role="status">{t['date.loading']}</p>
      ) : (
        <>
          <div className="calendar__grid" role="group" aria-label={`${setup.monthNames[monthIndex]} ${year}`}>
            {setup.weekdayNames.map((w) => (
              <span key={w} className="calendar__weekday" aria-hidden="true">
                {w}
              </span>
            ))}
            {Array.from({ length: firstWeekday }, (_, i) => (
              <span key={`pad-${i}`} aria-hidden="true" />
            ))}
            {days.map((d) => {
              const withExperiences = d.state === 'available' && experienceDates.has(d.date);
              const state = t[`date.states.${d.state}`] + (withExperiences ? `, ${t['date.withExperiences']}` : '');
              const open = d.state === 'available' || (chooseExperienceDays && d.state === 'experience');
              const tipId = `tip-${d.date}`;
              return (
                <span key={d.date} className={`calendar__cell calendar__cell--${d.state}${withExperiences ? ' calendar__cell--experiences' : ''}`}>
                  <button
                    type="button"
                    className="calendar__day"
                    aria-label={`${formatDate(d.date, setup.locale)}, ${state}`}
                    aria-describedby={tipId}
                    aria-disabled={!open || undefined}
                    onPointerDown={(e) => {
                      if (e.pointerType === 'touch' && !open) setTipFor((cur) => (cur === d.date ? null : d.date));
                    }}
                    onClick={() => open && onChoose(d.date)}
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
          <div className="field calendar__list">
            <label htmlFor="date-list">{t['date.list']}</label>
            {available.length ? (
              <select id="date-list" defaultValue="" onChange={(e) => e.target.value && onChoose(e.target.value)}>
                <option value="">{t['date.listPlaceholder']}</option>
                {available.map((d) => (
                  <option key={d.date} value={d.date}>
                    {formatDate(d.date, setup.locale)}
                  </option>
                ))}
              </select>
            ) : (
              <p id="date-list">{t['date.none']}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
