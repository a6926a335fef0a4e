'use client';

import { useState, type ReactNode } from 'react';
import { ExperienceAccordion } from './experience-accordion';
import type { DayDetail, DayExperience, SlotInfo, WizardSetup } from './types';
import { useReserveTexts } from './texts';

type Choice = { time: string; zone: string; waitingList: boolean };
type Props = {
  setup: WizardSetup;
  pax: number;
  date: string;
  day?: DayDetail;
  /** The day's experiences (`experience/getesperienzeday`), in an accordion; choosing one is optional. */
  experiences: DayExperience[];
  /** The experience added to the booking, and how to add or remove one (spec section 1). */
  chosenExperience?: string;
  onExperience?: (hash: string | null) => void;
  loading: boolean;
  /** The day could not be read (a date that does not exist, the network): said instead of the slots. */
  error?: string;
  /** Resolves with an error code when the hold was refused. */
  onChoose: (choice: Choice) => Promise<string | null>;
  /** Changing a booking: its current time on this day, marked among the others. */
  current?: string;
  /** Shown instead of the times on a day without tables nor experiences (a closed day reached by a link: components/reservation/closed-day.tsx). */
  closed?: ReactNode;
};

/** Time slots, then the zones free at the chosen time; a full time offers the waiting list. */
export function TimeStep({ setup, pax, date, day, experiences, chosenExperience, onExperience, loading, error, onChoose, current, closed }: Props) {
  const { t, optional, errorText } = useReserveTexts();
  const [time, setTime] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (error && !day) return <p role="alert" className="field__error">{error}</p>;
  if (loading || !day) return <p role="status">{t('date.loading')}</p>;
  if (closed && !day.slots.length && day.state !== 'experience' && !experiences.length) return <>{closed}</>;
  const slot = day.slots.find((s) => s.time === time);
  // Times grouped by shift (Lunch, Dinner), in the day's order, under the venue's names for them.
  const groups: { key: string; name: string; slots: SlotInfo[] }[] = [];
  for (const s of day.slots) {
    const group = groups.find((g) => g.key === s.shift);
    if (group) group.slots.push(s);
    // A backend that does not name its shifts: Lunch or Dinner by the shift's first time.
    else groups.push({ key: s.shift, name: setup.shifts?.[s.shift] ?? t(Number(s.time.slice(0, 2)) < 16 ? 'time.shiftLunch' : 'time.shiftDinner'), slots: [s] });
  }

  const choose = async (choice: Choice) => {
    setBusy(true);
    setProblem(null);
    const error = await onChoose(choice);
    setBusy(false);
    if (error) setProblem(error);
  };

  return (
    <div className="time-step">
      {day.condition ? <p role="status" className="notice notice--warning">{optional(`conditions.${day.condition}`)}</p> : null}
      {problem ? (
        <p role="alert" className="field__error">
          {optional(`conditions.${problem}`) ?? errorText(problem)}
        </p>
      ) : null}
      {groups.map((g) => (
        <fieldset className="field--group time-step__shift" key={g.key}>
          <legend className={groups.length > 1 ? 'time-step__shift-name' : 'visually-hidden'}>{groups.length > 1 ? g.name : t('time.title')}</legend>
          <ul className="choice-grid">
            {g.slots.map((s) => (
              <li key={s.time}>
                <button type="button" className={`choice${s.available ? '' : ' choice--full'}${current === s.time ? ' choice--current' : ''}`} aria-pressed={time === s.time} onClick={() => setTime(s.time)}>
                  {s.time}
                  {current === s.time ? <span className="choice__note"> · {t('time.current')}</span> : null}
                  {s.available || current === s.time ? null : <span className="choice__note"> · {t('time.full')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {/* A full time: said once, right under the times (not below the experiences), with the waiting list when the venue keeps one (issue 45). */}
      {slot && !slot.available ? (
        <div className="notice" role="status">
          {day.waitingList ? (
            <>
              <p>{t('time.waitingListHint')}</p>
              <button type="button" className="button" disabled={busy} onClick={() => choose({ time: slot.time, zone: slot.zones[0]?.key ?? '', waitingList: true })}>
                {t('time.waitingList')}
              </button>
            </>
          ) : (
            <p>{optional(`conditions.${slot.condition}`) ?? t('time.full')}</p>
          )}
        </div>
      ) : null}
      {slot && slot.available ? (
        <fieldset className="field--group zones">
          <legend>{t('time.zones')}</legend>
          <ul className="choice-grid">
            {slot.zones.map((z) => (
              <li key={z.key}>
                <button type="button" className="choice" disabled={!z.available || busy} onClick={() => choose({ time: slot.time, zone: z.key, waitingList: false })}>
                  {setup.zones[z.key] ?? z.key}
                  {z.available ? null : <span className="choice__note"> · {optional(`conditions.${z.condition}`)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <ExperienceAccordion setup={setup} pax={pax} date={date} experiences={experiences} chosen={chosenExperience} onChoose={onExperience} withTables={day.slots.length > 0} />
    </div>
  );
}
