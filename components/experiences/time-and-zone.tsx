'use client';

import { useState } from 'react';
import type { ExperienceTime } from '@/lib/contract/experience-booking';
import { useTranslations } from 'next-intl';
import type { ExperienceFormSetup } from './types';

/** The day's start times (`getavailabletimes`), then the zone when the guest may choose one. */
export function TimeAndZone({ setup, times, loading, error, time, zone, onChoose }: { setup: ExperienceFormSetup; times?: ExperienceTime[]; loading: boolean; error?: string; time: string; zone: string; onChoose: (time: string, zone: string) => void }) {
  const { experience: e } = setup;
  const x = useTranslations('experiences');
  const t = useTranslations('reserve');
  const [picked, setPicked] = useState(time);
  if (error) return <p role="alert" className="field__error">{error}</p>;
  if (loading || !times) return <p role="status">{t('date.loading')}</p>;
  const list = e.hasTimes ? times : [{ time: '', available: true, posti: 0 }];
  if (!list.length) return <p role="status">{x('form.noTimes')}</p>;
  const chosen = e.hasTimes ? picked : '';
  return (
    <div className="time-step">
      {e.hasTimes ? (
        <fieldset className="field--group">
          <legend className="visually-hidden">{x('form.time')}</legend>
          <ul className="choice-grid">
            {list.map((s) => (
              <li key={s.time}>
                <button
                  type="button"
                  className={`choice${s.available ? '' : ' choice--full'}`}
                  disabled={!s.available}
                  aria-pressed={picked === s.time}
                  onClick={() => (e.zones ? setPicked(s.time) : onChoose(s.time, ''))}
                >
                  {s.time}
                  {s.available ? null : <span className="choice__note"> · {x('form.full')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {e.zones && (chosen || !e.hasTimes) ? (
        <fieldset className="field--group zones">
          <legend>{x('form.zone')}</legend>
          <ul className="choice-grid">
            {e.zones.map((z) => (
              <li key={z.key}>
                <button type="button" className="choice" aria-pressed={zone === z.key} onClick={() => onChoose(chosen, z.key)}>
                  {z.label}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      {!e.hasTimes && !e.zones ? (
        <div className="actions">
          <button type="button" className="button" onClick={() => onChoose('', '')}>
            {x('form.continue')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
