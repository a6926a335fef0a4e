'use client';

import { useEffect, useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import useSWR from 'swr';
import { localizedPath } from '@/lib/i18n/paths';
import { Calendar } from './calendar';
import { TimeStep } from './time-step';
import { DetailsStep } from './details-step';
import { SummaryStep } from './summary-step';
import { GuaranteeStep, type GuaranteeOffer } from './guarantee-step';
import { HOLD_KEY, DETAILS_KEY, GUARANTEE_KEY, LAST_RESERVATION_KEY, type DayDetail, type DayExperience, type DayInfo, type WizardSetup } from './types';
import type { ReservationDetails } from '@/lib/forms/reservation';
import { useBotcheck } from '@/components/botcheck/use-botcheck';
import { Challenge } from '@/components/botcheck/challenge';

type Step = 'people' | 'date' | 'time' | 'details' | 'guarantee' | 'summary';
/** The guarantee offered for one choice, and the saved card's reference once given. */
type Guarantee = { choice: string; offer: GuaranteeOffer | null; reference?: string };
export type Hold = { token: string; expiresAt: string; date: string; time: string; zone: string; pax: number };

const fetcher = async (url: string) => {
  const response = await fetch(url);
  const body = await response.json().catch(() => ({}));
  // The field's own message key when there is one (`dateInvalid`), else the call's.
  const code = String(Object.values(body.fieldErrors ?? {})[0] ?? body.error ?? 'generic');
  if (!response.ok) throw Object.assign(new Error(code), { code });
  return body.data;
};

function readSession<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}
function writeSession(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage unavailable: the wizard still works, without surviving a reload
  }
}

/**
 * The booking wizard (spec section 2, "Reservation form"). Its choices live in the URL
 * (`?pax&date&time&zone&step`), so reload and the back button keep the guest's place;
 * the guest's details and the hold token stay in sessionStorage, never in the URL.
 */
export function ReservationWizard({ setup }: { setup: WizardSetup }) {
  const { t, edit } = setup;
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const pax = Number(params.get('pax')) || 0;
  const date = params.get('date') ?? '';
  const time = params.get('time') ?? '';
  const zone = params.get('zone') ?? '';
  const wanted = params.get('step');
  const choiceKey = `${pax}|${date}|${time}|${zone}`;
  // Editing keeps its own copy of the details, prefilled with the booking's.
  const detailsKey = edit ? `${DETAILS_KEY}:${edit.hash}` : DETAILS_KEY;
  // The wizard renders in the browser only (it reads the URL's query), so sessionStorage is there.
  const [details, setDetails] = useState<ReservationDetails | null>(() => readSession<ReservationDetails>(detailsKey) ?? edit?.details ?? null);
  const [hold, setHold] = useState<Hold | null>(() => readSession<Hold>(HOLD_KEY));
  const [holdExpired, setHoldExpired] = useState(false);
  const [guarantee, setGuarantee] = useState<Guarantee | null>(() => readSession<Guarantee>(GUARANTEE_KEY));
  const [detailsProblem, setDetailsProblem] = useState<string | null>(null);
  const [challenge, setChallenge] = useState(false);
  const [botFailed, setBotFailed] = useState(false);
  const [challengeError, setChallengeError] = useState<string | null>(null);
  const bot = useBotcheck(setup.botcheck);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const offer = guarantee?.choice === choiceKey ? guarantee : null;

  const step: Step = !pax
    ? 'people'
    : !date
      ? 'date'
      : !time || !zone
        ? 'time'
        : wanted === 'guarantee' && details && offer?.offer
          ? 'guarantee'
          : wanted === 'summary' && details && (!offer?.offer || offer.reference)
            ? 'summary'
            : 'details';

  // Editing starts from the booking as it stands: its party size, date, time and zone.
  useEffect(() => {
    if (edit && !params.get('pax') && !params.get('date')) {
      router.replace(`${pathname}?pax=${edit.choice.pax}&date=${edit.choice.date}&time=${edit.choice.time}&zone=${encodeURIComponent(edit.choice.zone)}`, { scroll: false });
    }
  }, [edit, params, pathname, router]);

  // Focus the step's heading when the step changes, so screen readers follow along.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const go = (next: Record<string, string | number | null>) => {
    const query = new URLSearchParams(params.toString());
    for (const [k, v] of Object.entries(next)) {
      if (v === null || v === '') query.delete(k);
      else query.set(k, String(v));
    }
    const qs = query.toString();
    router.push(`${pathname}${qs ? `?${qs}` : ''}`, { scroll: false });
  };

  const releaseHold = async () => {
    const current = readSession<Hold>(HOLD_KEY);
    if (!current) return;
    writeSession(HOLD_KEY, null);
    setHold(null);
    await fetch('/api/reservation/release', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ holdToken: current.token }) }).catch(() => undefined);
  };

  /** Back to an earlier step from the breadcrumb: later choices and the hold are dropped. */
  const backTo = (target: Step) => {
    void releaseHold();
    if (target === 'people') go({ pax: null, date: null, time: null, zone: null, step: null });
    else if (target === 'date') go({ date: null, time: null, zone: null, step: null });
    else go({ time: null, zone: null, step: null });
  };

  const expireHold = () => {
    setHoldExpired(true);
    void releaseHold();
  };

  const moduleQuery = (setup.module ? `&reservemodule=${encodeURIComponent(setup.module)}` : '') + (edit ? `&hash=${encodeURIComponent(edit.hash)}` : '');
  const [month, setMonth] = useState<string>('');
  const shownMonth = month || (date ? date.slice(0, 7) : new Date().toISOString().slice(0, 7));
  const monthKey = pax && step === 'date' && shownMonth ? `/api/reservation/month?year=${shownMonth.slice(0, 4)}&month=${Number(shownMonth.slice(5, 7))}&pax=${pax}${moduleQuery}` : null;
  const monthData = useSWR<DayInfo[]>(monthKey, fetcher, { revalidateOnFocus: true });
  const dayKey = pax && date && (step === 'time' || step === 'details') ? `/api/reservation/day?day=${date}&pax=${pax}${moduleQuery}` : null;
  const dayData = useSWR<DayDetail>(dayKey, fetcher, { refreshInterval: 30_000 });
  // The spec's experience calls: which days offer experiences, and that day's experiences.
  const experienceMonth = useSWR<{ date: string }[]>(
    monthKey ? `/api/reservation/experiences?year=${shownMonth.slice(0, 4)}&month=${Number(shownMonth.slice(5, 7))}&pax=${pax}` : null,
    fetcher,
  );
  const experienceDay = useSWR<DayExperience[]>(dayKey ? `/api/reservation/experiences?day=${date}&pax=${pax}` : null, fetcher);

  /**
   * Sends the booking (or, editing, the change). The bot check runs first: its v3 token, or
   * the v2 token of the visible challenge when v3 was unsure (spec section 7).
   */
  const submit = async (v2Token?: string): Promise<string | null> => {
    if (!details) return 'generic';
    const holdToken = hold && hold.date === date && hold.time === time && hold.zone === zone && hold.pax === pax ? hold.token : undefined;
    if (edit) {
      const response = await fetch('/api/reservation/edit', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...details, hash: edit.hash, pax, date, time, zone, reservemodule: setup.module ?? undefined, holdToken }),
      }).catch(() => null);
      const body = response ? await response.json().catch(() => ({})) : {};
      // Unreachable: stay on the summary with the guest's choices and details, and say so.
      if (!response || body.error === 'unavailable') return 'unavailable';
      if (response.ok) {
        writeSession(HOLD_KEY, null);
        writeSession(detailsKey, null);
        router.push(localizedPath(setup.locale, `/reserve/${edit.hash}/edit/confirm`));
        return null;
      }
      if (response.status === 409 || response.status === 400) return body.error?.startsWith('reserveEdit') || body.error === 'notChangeable' ? `edit.${body.error}` : (body.error ?? 'generic');
      router.push(localizedPath(setup.locale, `/reserve/${edit.hash}/edit/error`));
      return null;
    }
    const tokens = v2Token ? { recaptchaV2Token: v2Token, tokenVersion: 'v2' } : { recaptchaV3Token: await bot.getV3Token('reserve'), tokenVersion: 'v3' };
    const response = await fetch('/api/reservation', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...details,
        pax,
        date,
        time,
        zone,
        reservemodule: setup.module ?? undefined,
        holdToken,
        language: setup.locale,
        guaranteeReference: offer?.reference,
        cancellationPolicy: Boolean(offer?.reference),
        ...tokens,
      }),
    }).catch(() => null);
    const body = response ? await response.json().catch(() => ({})) : {};
    if (!response) return 'unavailable';
    if (response.ok) {
      setChallenge(false);
      writeSession(HOLD_KEY, null);
      writeSession(DETAILS_KEY, null);
      writeSession(GUARANTEE_KEY, null);
      writeSession(LAST_RESERVATION_KEY, { outcome: body.data.outcome, hash: body.data.hash, pax, date, time, zone, name: `${details.nome} ${details.cognome}` });
      router.push(localizedPath(setup.locale, body.data.outcome === 'suspended' ? `/a2fa/reserve/${body.data.hash}` : `/reserve/${body.data.outcome}`));
      return null;
    }
    if (body.error === 'botcheckUnsure') {
      setChallenge(true);
      return 'botcheckUnsure';
    }
    if (body.error === 'botcheckFailed') {
      setChallenge(false);
      setBotFailed(true);
      return null;
    }
    return body.error ?? 'generic';
  };

  const steps: { key: Step; label: string }[] = [
    { key: 'people', label: t['steps.people'] },
    { key: 'date', label: t['steps.date'] },
    { key: 'time', label: t['steps.time'] },
  ];
  const order: Step[] = ['people', 'date', 'time', 'details', 'guarantee', 'summary'];

  return (
    <div className="wizard">
      <nav aria-label={t['steps.label']} className="breadcrumb">
        <ol>
          {steps.map((s) => {
            const reached = order.indexOf(step) >= order.indexOf(s.key);
            const current = step === s.key;
            const value = s.key === 'people' && pax ? setup.paxLabels[pax] : s.key === 'date' && date ? formatDate(date, setup.locale) : s.key === 'time' && time ? time : '';
            return (
              <li key={s.key} className={current ? 'breadcrumb__current' : reached ? 'breadcrumb__done' : ''}>
                {reached && !current ? (
                  <button type="button" className="link-button" onClick={() => backTo(s.key)}>
                    {s.label}
                    {value ? `: ${value}` : ''}
                  </button>
                ) : (
                  <span aria-current={current ? 'step' : undefined}>
                    {s.label}
                    {value ? `: ${value}` : ''}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      {step === 'people' ? (
        <section aria-labelledby="step-people">
          <h2 id="step-people" ref={headingRef} tabIndex={-1}>
            {t['people.title']}
          </h2>
          <PeopleStep setup={setup} onChoose={(n) => go({ pax: n })} />
        </section>
      ) : null}

      {step === 'date' ? (
        <section aria-labelledby="step-date">
          <h2 id="step-date" ref={headingRef} tabIndex={-1}>
            {t['date.title']}
          </h2>
          <Calendar
            setup={setup}
            month={shownMonth}
            days={monthData.data}
            loading={monthData.isLoading}
            error={monthData.error ? t[`errors.${(monthData.error as { code?: string }).code}`] ?? t['errors.generic'] : undefined}
            experienceDates={new Set((experienceMonth.data ?? []).map((d) => d.date))}
            onMonth={setMonth}
            onChoose={(d) => go({ date: d })}
          />
        </section>
      ) : null}

      {step === 'time' ? (
        <section aria-labelledby="step-time">
          <h2 id="step-time" ref={headingRef} tabIndex={-1}>
            {t['time.title']}
          </h2>
          <TimeStep
            setup={setup}
            pax={pax}
            date={date}
            day={dayData.data}
            experiences={experienceDay.data ?? []}
            loading={dayData.isLoading}
            error={dayData.error ? (t[`errors.${(dayData.error as { code?: string }).code}`] ?? t['errors.generic']) : undefined}
            onChoose={async (choice) => {
              await releaseHold();
              if (choice.waitingList) {
                go({ time: choice.time, zone: choice.zone, step: null });
                return null;
              }
              const response = await fetch('/api/reservation/hold', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ date, time: choice.time, zone: choice.zone, pax, reservemodule: setup.module ?? undefined, hash: edit?.hash }),
              }).catch(() => null);
              if (!response) return 'unavailable';
              const body = await response.json().catch(() => ({}));
              if (!response.ok) {
                void dayData.mutate();
                return body.error ?? 'generic';
              }
              const newHold: Hold = { token: body.data.holdToken, expiresAt: body.data.expiresAt, date, time: choice.time, zone: choice.zone, pax };
              writeSession(HOLD_KEY, newHold);
              setHold(newHold);
              setHoldExpired(false);
              go({ time: choice.time, zone: choice.zone, step: null });
              return null;
            }}
          />
        </section>
      ) : null}

      {step === 'details' ? (
        <section aria-labelledby="step-details">
          <h2 id="step-details" ref={headingRef} tabIndex={-1}>
            {t['details.title']}
          </h2>
          <HoldNotice setup={setup} hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
          <DetailsStep
            setup={setup}
            initial={details}
            problem={detailsProblem}
            onDone={async (values) => {
              setDetailsProblem(null);
              writeSession(detailsKey, values);
              setDetails(values);
              // Editing never adds a guarantee (the server refuses such a change); the waiting list needs none.
              const slot = dayData.data?.slots.find((s) => s.time === time);
              const waiting = slot ? !slot.zones.some((z) => z.key === zone && z.available) : false;
              if (edit || waiting) {
                go({ step: 'summary' });
                return;
              }
              const response = await fetch('/api/reservation/guarantee', {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ pax, date, time, zone, reservemodule: setup.module ?? undefined, email: values.email, holdToken: hold?.token }),
              }).catch(() => null);
              const body = response ? await response.json().catch(() => ({})) : {};
              // Refused by the limit of card set-ups: the guest stays here, told to wait, with what they typed.
              if (response?.status === 429) {
                setDetailsProblem(body.error ?? 'rateLimited');
                return;
              }
              const next: Guarantee = { choice: choiceKey, offer: response?.ok && body.data?.required ? (body.data as GuaranteeOffer) : null };
              writeSession(GUARANTEE_KEY, next);
              setGuarantee(next);
              go({ step: next.offer ? 'guarantee' : 'summary' });
            }}
          />
        </section>
      ) : null}

      {step === 'guarantee' && offer?.offer ? (
        <section aria-labelledby="step-guarantee">
          <h2 id="step-guarantee" ref={headingRef} tabIndex={-1}>
            {t['guarantee.title']}
          </h2>
          <HoldNotice setup={setup} hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
          <GuaranteeStep
            setup={setup}
            offer={offer.offer}
            onDone={(reference) => {
              const next = { ...offer, reference };
              writeSession(GUARANTEE_KEY, next);
              setGuarantee(next);
              go({ step: 'summary' });
            }}
          />
        </section>
      ) : null}

      {step === 'summary' && details && botFailed ? (
        <section aria-labelledby="bot-failed" className="message-panel message-panel--error">
          <h2 id="bot-failed" ref={headingRef} tabIndex={-1}>
            {t['botcheck.failedTitle']}
          </h2>
          <p>{t['botcheck.failedText']}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setBotFailed(false);
                setChallenge(false);
                backTo('people');
              }}
            >
              {t['botcheck.restart']}
            </button>
          </div>
        </section>
      ) : null}

      {step === 'summary' && details && !botFailed ? (
        <section aria-labelledby="step-summary">
          <h2 id="step-summary" ref={headingRef} tabIndex={-1}>
            {edit ? t['edit.title'] : t['summary.title']}
          </h2>
          <HoldNotice setup={setup} hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
          <SummaryStep
            setup={setup}
            choice={{ pax, date, time, zone }}
            details={details}
            onChange={() => go({ step: null })}
            guarantee={offer?.offer ?? null}
            onConfirm={() => submit()}
          />
        </section>
      ) : null}
      {step === 'summary' && details && challenge && !botFailed ? (
        <Challenge
          config={setup.botcheck}
          title={t['botcheck.title']}
          intro={t['botcheck.intro']}
          checkboxLabel={t['botcheck.checkbox']}
          testModeLabel={t['botcheck.testMode']}
          onToken={(token) => {
            setChallengeError(null);
            void submit(token).then(setChallengeError);
          }}
        />
      ) : null}
      {step === 'summary' && challenge && challengeError && challengeError !== 'botcheckUnsure' ? (
        <p role="alert" className="field__error">
          {challengeError === 'soldOut' ? t['outcome.soldOut'] : (t[`errors.${challengeError}`] ?? t['errors.generic'])}
        </p>
      ) : null}
    </div>
  );
}

export function formatDate(date: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

function PeopleStep({ setup, onChoose }: { setup: WizardSetup; onChoose: (n: number) => void }) {
  const { t, partySize } = setup;
  const direct = Array.from({ length: Math.max(partySize.directMax - partySize.min + 1, 0) }, (_, i) => partySize.min + i);
  const more = Array.from({ length: Math.max(partySize.max - partySize.directMax, 0) }, (_, i) => partySize.directMax + 1 + i);
  return (
    <div className="people-step">
      <ul className="choice-grid">
        {direct.map((n) => (
          <li key={n}>
            <button type="button" className="choice" onClick={() => onChoose(n)}>
              {setup.paxLabels[n]}
            </button>
          </li>
        ))}
      </ul>
      {more.length ? (
        <div className="field">
          <label htmlFor="more-people">{t['people.more']}</label>
          <select id="more-people" defaultValue="" onChange={(e) => e.target.value && onChoose(Number(e.target.value))}>
            <option value="">{setup.forms.selectPlaceholder}</option>
            {more.map((n) => (
              <option key={n} value={n}>
                {setup.paxLabels[n]}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <p className="lead">
        {t['people.tooLarge'].replace('{max}', String(partySize.max))}{' '}
        {setup.phone ? <a href={`tel:${setup.phone.replace(/\s+/g, '')}`}>{t['people.contact'].replace('{phone}', setup.phone)}</a> : null}
      </p>
    </div>
  );
}

/** The hold's countdown; when it runs out the guest is told to choose a time again. */
function HoldNotice({ setup, hold, expired, date, time, zone, pax, onExpired }: { setup: WizardSetup; hold: Hold | null; expired: boolean; date: string; time: string; zone: string; pax: number; onExpired: () => void }) {
  const mine = hold && hold.date === date && hold.time === time && hold.zone === zone && hold.pax === pax ? hold : null;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!mine) return;
    const tick = () => setLeft(Math.max(0, Math.round((new Date(mine.expiresAt).getTime() - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [mine]);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  if (expired || (mine && left === 0)) return <p role="alert" className="notice notice--warning">{setup.t['time.expired']}</p>;
  if (!mine || left === null) return null;
  const mm = String(Math.floor(left / 60));
  const ss = String(left % 60).padStart(2, '0');
  return (
    <p className="notice" role="timer" aria-live="off">
      {setup.t['time.held'].replace('{time}', `${mm}:${ss}`)}
    </p>
  );
}
