'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffBooking, StaffDay } from '@/lib/contract/staff';
import { FormEnd, useStaffCall, type Outcome } from './booking-form';

/** A booking's tables as the sheet writes them: "4+5". */
export const tablesText = (tables: readonly string[]) => tables.join('+');

/**
 * A seated party's time at its table against its turn time (issue 44): "45/90 min", flagged once
 * over. Read against the server's time of the sheet's last answer (`now`, polled every 5 s), so the
 * text changes once a minute and no timer of its own re-renders the sheet.
 */
export function TurnTimer({ booking, now }: { booking: StaffBooking; now: string }) {
  const t = useTranslations('staffArea.turn');
  if (booking.attendance !== 'arrived' || !booking.seatedAt || !booking.turnMinutes || !now) return null;
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(booking.seatedAt)) / 60_000));
  const turn = booking.turnMinutes;
  const over = minutes > turn;
  return (
    <span role="timer" className={`badge staff-turn${over ? ' staff-turn--over' : ''}`} data-testid="staff-turn" data-over={over ? 'true' : 'false'} aria-label={t('label', { minutes, turn })}>
      {over ? `${t('over')} · ` : ''}
      {t('short', { minutes, turn })}
    </span>
  );
}

/**
 * "Move table" (issue 44): the tables and listed combinations of the booking's zone, or none; a
 * table taken at that time or too small is refused, and seated there only once staff tick the
 * override (`staff/table`, recorded on the booking).
 */
export function MoveTable({ booking, tables, onClose, onMoved }: { booking: StaffBooking; tables: StaffDay['tables']; onClose: () => void; onMoved: (b: StaffBooking, text: string) => void }) {
  const t = useTranslations('staffArea');
  const id = useId();
  const { call, busy } = useStaffCall();
  const options = tables.filter((o) => o.zone === booking.zone);
  // Tables pushed together by hand (not a listed combination) stay offered as they are.
  const current = tablesText(booking.tables);
  const listed = !current || options.some((o) => tablesText(o.tables) === current);
  const [choice, setChoice] = useState(current);
  const [override, setOverride] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const fieldError = result && !result.ok ? result.fields.tables : undefined;
  return (
    <form
      className="form staff-form staff-booking__note"
      aria-label={t('tables.move')}
      onSubmit={async (e) => {
        e.preventDefault();
        const names = choice ? choice.split('+') : [];
        const outcome = await call('/api/staff/table', { hash: booking.hash, tables: names, override: Boolean(result && !result.ok && result.full && override) });
        if (outcome.ok) onMoved(outcome.booking, names.length ? t('tables.moved', { tables: choice }) : t('tables.cleared'));
        else {
          setOverride(false);
          setResult(outcome);
        }
      }}
    >
      <div className={`field staff-form__field${fieldError ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{t('tables.choose')}</label>
        <select
          id={id}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            setResult(null);
          }}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          data-testid="staff-table-choice"
        >
          <option value="">{t('tables.none')}</option>
          {listed ? null : <option value={current}>{current}</option>}
          {options.map((o) => (
            <option key={tablesText(o.tables)} value={tablesText(o.tables)}>
              {t('tables.option', { tables: tablesText(o.tables), min: o.min, max: o.max })}
            </option>
          ))}
        </select>
        {fieldError ? (
          <p className="field__error" id={`${id}-error`}>
            {fieldError}
          </p>
        ) : null}
      </div>
      <FormEnd result={fieldError ? null : result} override={override} onOverride={setOverride} busy={busy} label={t('tables.save')}>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('actions.keep')}
        </button>
      </FormEnd>
    </form>
  );
}
