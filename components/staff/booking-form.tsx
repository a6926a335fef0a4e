'use client';

import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { StaffBooking, StaffDay } from '@/lib/contract/staff';
import { send } from '@/lib/api/client';
import { staffBookedAnswer } from '@/lib/api/answers/staff';
import { submitKeys } from '@/lib/api/submit-key';
import { pick } from './types';

/** The refusals the forms explain by name (server/staff/http.ts); the rest read as "check the fields" or unavailable. */
const ERRORS = ['noShiftNow', 'pastDate', 'closedDay', 'timeNotOffered', 'zoneNotOffered', 'changed', 'notChangeable', 'experienceFull', 'invalid', 'tableOtherZone', 'unknownTable'] as const;
/** The field messages of the guests' forms (`forms.errors`) a staff booking's fields may answer. */
const FIELD_ERRORS = ['nameRequired', 'phoneRequired', 'phoneInvalid', 'emailInvalid', 'prefixRequired', 'tooLong'] as const;
const FULL = ['shiftFull', 'slotFull', 'zoneFull', 'pacingFull', 'tableTaken', 'tableTooSmall'] as const;
type Full = (typeof FULL)[number];

export type Outcome = { ok: true; booking: StaffBooking; guarantee: '' | 'kept' | 'waived' } | { ok: false; text: string; full?: Full; fields: Record<string, string> };

/**
 * A staff booking's call (`/api/staff/book`, `/api/staff/change`), read for the forms: the
 * booking made, or why not: full (the rule, so staff may tick the override), a named refusal,
 * the fields to check. Each submit carries an idempotency key: the same again for a retry of the
 * same input (a lost answer), a new one once booked, so a retried request books once and the
 * next walk-in of the same size is a booking of its own.
 */
export function useStaffCall() {
  const t = useTranslations('staffArea');
  const fieldText = useTranslations('forms.errors');
  const [busy, setBusy] = useState(false);
  const [keys, setKeys] = useState(submitKeys);
  const call = async (url: string, body: Record<string, unknown>): Promise<Outcome> => {
    setBusy(true);
    const reply = await send(url, staffBookedAnswer, { body: { ...body, idempotencyKey: keys(body) } });
    setBusy(false);
    if (reply.body) {
      setKeys(() => submitKeys());
      return { ok: true, booking: reply.body.booking, guarantee: reply.body.guarantee ?? '' };
    }
    const full = FULL.find((f) => f === reply.fieldErrors.override);
    if (reply.error === 'full' && full) return { ok: false, full, text: t(`book.full.${full}`), fields: {} };
    const fields = Object.fromEntries(
      Object.entries(reply.fieldErrors).map(([k, v]) => {
        const field = FIELD_ERRORS.find((f) => f === v);
        const named = ERRORS.find((e) => e === v);
        return [k, field ? fieldText(field) : named ? t(`book.errors.${named}`) : t('book.errors.invalid')];
      }),
    );
    const named = ERRORS.find((e) => e === reply.error);
    if (named) return { ok: false, text: t(`book.errors.${named}`), fields };
    return { ok: false, text: reply.status === 401 ? t('signedOut') : reply.status === 501 ? t('notOffered') : t('unavailable'), fields };
  };
  return { call, busy };
}

/** A labelled field with its error, for the compact forms. */
function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: React.ReactNode }) {
  return (
    <div className={`field staff-form__field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The override staff tick after being told the time is full: recorded on the booking. */
function OverrideBox({ full, checked, onChange }: { full: Full; checked: boolean; onChange: (v: boolean) => void }) {
  const t = useTranslations('staffArea');
  const id = useId();
  return (
    <div className="staff-form__override" role="alert">
      <p>
        {t(`book.full.${full}`)} {t('book.fullHint')}
      </p>
      <label htmlFor={id} className="staff-form__check">
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} /> {t('book.override')}
      </label>
    </div>
  );
}

/**
 * The end of a staff booking form: when full, which rule and the override to tick; another
 * refusal in words; the submit button (held while a call runs, and while full without the override).
 */
export function FormEnd({ result, override, onOverride, busy, label, children }: { result: Outcome | null; override: boolean; onOverride: (v: boolean) => void; busy: boolean; label: string; children?: React.ReactNode }) {
  const full = result && !result.ok ? result.full : undefined;
  return (
    <>
      {full ? <OverrideBox full={full} checked={override} onChange={onOverride} /> : null}
      {result && !result.ok && !full ? (
        <p role="alert" className="field__error">
          {result.text}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={busy || (Boolean(full) && !override)}>
          {label}
        </button>
        {children}
      </div>
    </>
  );
}

const PARTY_MAX = 99;

/**
 * "Add booking" on the sheet (issue 44): a compact form, a walk-in seated now (party and area;
 * a name and a phone optional) or a booking taken on the phone for the sheet's day (time, party,
 * area, name and phone; e-mail and notes optional). Full: told which rule, booked only once staff
 * tick the override.
 */
export function AddBooking({ day, locale, onBooked }: { day: StaffDay; locale: string; onBooked: () => void }) {
  const t = useTranslations('staffArea');
  const ids = { kind: useId(), pax: useId(), zone: useId(), time: useId(), nome: useId(), cognome: useId(), prefisso: useId(), telefono: useId(), email: useId(), note: useId() };
  const [open, setOpen] = useState(false);
  // A walk-in sits today: on another day's sheet, the phone booking comes first.
  const [kind, setKind] = useState<'walkin' | 'phone'>(day.date === day.today ? 'walkin' : 'phone');
  const [values, setValues] = useState({ pax: '2', zone: day.zones[0]?.key ?? '', time: '', nome: '', cognome: '', prefisso: '+39', telefono: '', email: '', note: '' });
  const [override, setOverride] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const [done, setDone] = useState('');
  const { call, busy } = useStaffCall();
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const fields = result && !result.ok ? result.fields : {};
  const full = result && !result.ok ? result.full : undefined;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { kind, ...values, pax: Number(values.pax), ...(kind === 'phone' ? { date: day.date } : {}), language: locale, override: Boolean(full && override) };
    const outcome = await call('/api/staff/book', body);
    setResult(outcome);
    if (outcome.ok) {
      const b = outcome.booking;
      setDone(kind === 'walkin' ? t('book.walkedIn', { count: b.covers, time: b.time }) : t('book.booked', { name: b.name, count: b.covers, time: b.time }));
      setValues((v) => ({ ...v, pax: '2', time: '', nome: '', cognome: '', telefono: '', email: '', note: '' }));
      setOverride(false);
      setOpen(false);
      onBooked();
    }
  };
  const walkIn = kind === 'walkin';
  return (
    <section className="staff-add" aria-label={t('book.add')}>
      <button type="button" className="button staff-add__toggle" aria-expanded={open} data-testid="staff-add" onClick={() => { setOpen(!open); setDone(''); setResult(null); }}>
        {open ? t('book.close') : `+ ${t('book.add')}`}
      </button>
      <p role="status" className="staff-booking__done" data-testid="staff-add-done">
        {done}
      </p>
      {open ? (
        <form className="form staff-form" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="staff-form__kind">
            <legend>{t('book.kind')}</legend>
            {(['walkin', 'phone'] as const).map((k) => (
              <label key={k} className="staff-form__check">
                <input type="radio" name={ids.kind} value={k} checked={kind === k} onChange={() => { setKind(k); setResult(null); setOverride(false); }} /> {t(`book.${k}`)}
              </label>
            ))}
          </fieldset>
          <div className="staff-form__row">
            <Field id={ids.pax} label={t('book.party')} error={fields.pax}>
              <input id={ids.pax} type="number" inputMode="numeric" min={1} max={PARTY_MAX} required value={values.pax} onChange={set('pax')} aria-invalid={Boolean(fields.pax)} />
            </Field>
            {walkIn ? null : (
              <Field id={ids.time} label={t('book.time')} error={fields.time}>
                <select id={ids.time} required value={values.time} onChange={set('time')} aria-invalid={Boolean(fields.time)}>
                  <option value="" disabled>
                    –
                  </option>
                  {day.times.map((time) => (
                    <option key={time} value={time}>
                      {time}
                    </option>
                  ))}
                </select>
              </Field>
            )}
            {day.zones.length > 1 ? (
              <Field id={ids.zone} label={t('book.zone')} error={fields.zone}>
                <select id={ids.zone} value={values.zone} onChange={set('zone')}>
                  {day.zones.map((z) => (
                    <option key={z.key} value={z.key}>
                      {pick(z.name, locale)}
                    </option>
                  ))}
                </select>
              </Field>
            ) : null}
          </div>
          <div className="staff-form__row">
            <Field id={ids.nome} label={walkIn ? t('book.firstNameOptional') : t('book.firstName')} error={fields.nome}>
              <input id={ids.nome} autoComplete="off" required={!walkIn} value={values.nome} onChange={set('nome')} aria-invalid={Boolean(fields.nome)} />
            </Field>
            {walkIn ? null : (
              <Field id={ids.cognome} label={t('book.lastName')} error={fields.cognome}>
                <input id={ids.cognome} autoComplete="off" value={values.cognome} onChange={set('cognome')} />
              </Field>
            )}
          </div>
          <div className="staff-form__row staff-form__phone">
            <Field id={ids.prefisso} label={t('book.prefix')} error={fields.prefisso}>
              <input id={ids.prefisso} inputMode="tel" size={5} value={values.prefisso} onChange={set('prefisso')} />
            </Field>
            <Field id={ids.telefono} label={walkIn ? t('book.phoneOptional') : t('book.phoneNumber')} error={fields.telefono}>
              <input id={ids.telefono} type="tel" autoComplete="off" required={!walkIn} value={values.telefono} onChange={set('telefono')} aria-invalid={Boolean(fields.telefono)} />
            </Field>
          </div>
          {walkIn ? null : (
            <Field id={ids.email} label={t('book.email')} error={fields.email}>
              <input id={ids.email} type="email" autoComplete="off" value={values.email} onChange={set('email')} aria-invalid={Boolean(fields.email)} />
            </Field>
          )}
          <Field id={ids.note} label={t('book.notes')} error={fields.note}>
            <input id={ids.note} autoComplete="off" maxLength={500} value={values.note} onChange={set('note')} />
          </Field>
          <FormEnd result={result} override={override} onOverride={setOverride} busy={busy} label={walkIn ? t('book.seatNow') : t('book.save')} />
        </form>
      ) : null}
    </section>
  );
}

/**
 * "Change" in a booking's details (issue 44): its party, day, time and area, on the version
 * shown (another device's change meanwhile is refused, the sheet shows it as it is now).
 */
export function ChangeBooking({ booking, zones, times, locale, onChanged, onClose }: { booking: StaffBooking; zones: StaffDay['zones']; times: string[]; locale: string; onChanged: (b: StaffBooking, text: string) => void; onClose: () => void }) {
  const t = useTranslations('staffArea');
  const ids = { pax: useId(), date: useId(), time: useId(), zone: useId() };
  const [values, setValues] = useState({ pax: String(booking.covers), date: booking.date, time: booking.time, zone: booking.zone });
  const [override, setOverride] = useState(false);
  const [result, setResult] = useState<Outcome | null>(null);
  const { call, busy } = useStaffCall();
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const fields = result && !result.ok ? result.fields : {};
  const full = result && !result.ok ? result.full : undefined;
  const timeChoices = times.includes(booking.time) ? times : [booking.time, ...times];
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const outcome = await call('/api/staff/change', { hash: booking.hash, version: booking.version, pax: Number(values.pax), date: values.date, time: values.time, zone: values.zone, override: Boolean(full && override) });
    setResult(outcome);
    if (!outcome.ok) return;
    // What became of the card guarantee (the guests' rules for the new party), recorded on the booking.
    const card = outcome.guarantee === 'waived' ? t('book.guaranteeWaived') : outcome.guarantee === 'kept' && outcome.booking.covers !== booking.covers ? t('book.guaranteeKept') : '';
    onChanged(outcome.booking, [t('book.changedDone', { count: outcome.booking.covers, time: outcome.booking.time }), card].filter(Boolean).join(' '));
  };
  return (
    <form className="form staff-form staff-booking__note" aria-label={t('book.changeTitle')} onSubmit={(e) => void submit(e)} noValidate>
      <div className="staff-form__row">
        <Field id={ids.pax} label={t('book.party')} error={fields.pax}>
          <input id={ids.pax} type="number" inputMode="numeric" min={1} max={PARTY_MAX} value={values.pax} onChange={set('pax')} aria-invalid={Boolean(fields.pax)} autoFocus />
        </Field>
        <Field id={ids.time} label={t('book.time')} error={fields.time}>
          <select id={ids.time} value={values.time} onChange={set('time')} aria-invalid={Boolean(fields.time)}>
            {timeChoices.map((time) => (
              <option key={time} value={time}>
                {time}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="staff-form__row">
        <Field id={ids.date} label={t('book.date')} error={fields.date}>
          <input id={ids.date} type="date" value={values.date} onChange={set('date')} aria-invalid={Boolean(fields.date)} />
        </Field>
        {zones.length > 1 ? (
          <Field id={ids.zone} label={t('book.zone')} error={fields.zone}>
            <select id={ids.zone} value={values.zone} onChange={set('zone')}>
              {zones.map((z) => (
                <option key={z.key} value={z.key}>
                  {pick(z.name, locale)}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
      </div>
      <FormEnd result={result} override={override} onOverride={setOverride} busy={busy} label={t('book.saveChange')}>
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('actions.keep')}
        </button>
      </FormEnd>
    </form>
  );
}
