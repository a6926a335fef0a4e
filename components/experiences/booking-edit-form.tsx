'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations, type Messages } from 'next-intl';
import { api, query } from '@/lib/api/client';
import { FormSubmit } from '@/components/forms/form-submit';
import { editAnswer } from '@/lib/api/answers/reservation';
import { experienceTimesAnswer } from '@/lib/api/answers/experiences';
import type { ExperienceTime } from '@/lib/contract/experience-booking';

type Choice = { pax: number; day: string; time: string; zone: string };
/** The refusals of a change the form words itself (`experiences.manage`); the others are `experiences.errors`, else the generic one. */
const changeRefusals = new Set(['reserveEditCcError', 'reserveEditPaymentError', 'reserveEditWaitingListError', 'reserveEditSoldOutError', 'notChangeable']);

/**
 * The change form of an experience booking: party size (unless paid for), date, the day's
 * start times (`getavailabletimes`) and the zone, then `experience/editreserve`.
 */
export function BookingEditForm(props: {
  hash: string;
  locale: string;
  experienceId: number;
  current: Choice;
  paxOptions: number[];
  paxFixed: boolean;
  zones: { key: string; label: string }[] | null;
  hasTimes: boolean;
}) {
  const t = useTranslations('experiences');
  const r = useTranslations('reserve');
  const [choice, setChoice] = useState<Choice>(props.current);
  const [slots, setSlots] = useState<ExperienceTime[] | null>(null);
  const [state, setState] = useState<'edit' | 'busy' | 'done'>('edit');
  const [error, setError] = useState('');
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (state === 'done') doneRef.current?.focus();
  }, [state]);

  useEffect(() => {
    if (!props.hasTimes || !choice.day) return;
    let live = true;
    api(`/api/experience/times?${query({ experienceId: props.experienceId, day: choice.day, pax: choice.pax, language: props.locale })}`, experienceTimesAnswer).then((r) => {
      if (!live) return;
      const list = r.ok ? r.data.filter((s) => s.available) : [];
      setSlots(list);
      setChoice((c) => (list.some((s) => s.time === c.time) ? c : { ...c, time: list[0]?.time ?? '' }));
    });
    return () => {
      live = false;
    };
  }, [choice.day, choice.pax, props.experienceId, props.hasTimes, props.locale]);

  if (state === 'done') {
    return (
      <section role="status" aria-labelledby="edit-done">
        <h2 id="edit-done" ref={doneRef} tabIndex={-1}>
          {t('manage.changedTitle')}
        </h2>
        <p>{t('manage.changedText')}</p>
      </section>
    );
  }
  const noTimes = props.hasTimes && slots !== null && slots.length === 0;
  const limits = { min: props.paxOptions[0] ?? 1, max: props.paxOptions[props.paxOptions.length - 1] ?? 1 };
  const message = (code: string) =>
    changeRefusals.has(code) ? t(`manage.${code}` as never) : t.has(`errors.${code}` as never) ? t(`errors.${code as keyof Messages['experiences']['errors']}`, limits) : r('errors.generic');
  return (
    <form
      className="form"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        setState('busy');
        setError('');
        const result = await api('/api/experience/booking/edit', editAnswer, { hash: props.hash, ...choice });
        if (result.ok) {
          setState('done');
          return;
        }
        setState('edit');
        setError(message(String(Object.values(result.fieldErrors)[0] ?? result.error)));
      }}
    >
      <div className="field">
        <label htmlFor="edit-pax">{r('summary.people')}</label>
        <select id="edit-pax" value={choice.pax} disabled={props.paxFixed} onChange={(e) => setChoice({ ...choice, pax: Number(e.target.value) })}>
          {props.paxOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="edit-day">{r('summary.date')}</label>
        <input id="edit-day" type="date" required value={choice.day} onChange={(e) => setChoice({ ...choice, day: e.target.value })} />
      </div>
      {props.hasTimes ? (
        <div className="field">
          <label htmlFor="edit-time">{r('summary.time')}</label>
          <select id="edit-time" value={choice.time} disabled={noTimes} aria-describedby={noTimes ? 'edit-no-times' : undefined} onChange={(e) => setChoice({ ...choice, time: e.target.value })}>
            {(slots ?? [{ time: choice.time, available: true }]).map((s) => (
              <option key={s.time} value={s.time}>
                {s.time}
              </option>
            ))}
          </select>
          {noTimes ? (
            <p id="edit-no-times" className="field__hint">
              {t('manage.noTimes')}
            </p>
          ) : null}
        </div>
      ) : null}
      {props.zones ? (
        <div className="field">
          <label htmlFor="edit-zone">{r('summary.zone')}</label>
          <select id="edit-zone" value={choice.zone} onChange={(e) => setChoice({ ...choice, zone: e.target.value })}>
            {props.zones.map((z) => (
              <option key={z.key} value={z.key}>
                {z.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <FormSubmit notice={error} busy={state === 'busy'} disabled={noTimes} label={t('manage.confirm')} />
    </form>
  );
}
