'use client';

import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Calendar } from './calendar';
import { TimeStep } from './time-step';
import { ClosedDay } from './closed-day';
import { DetailsStep, wizardPrefixes } from './details-step';
import { SummaryStep } from './summary-step';
import { GuaranteeStep } from './guarantee-step';
import { PeopleStep } from './people-step';
import { HoldNotice, type Hold } from './hold-notice';
import { rememberHold, useReleaseOnLeave } from './last-hold';
import { Progress } from './progress';
import { StepSection } from './step-section';
import { useStepFocus } from './use-step-focus';
import { api, errorCode, query } from '@/lib/api/client';
import { releaseAnswer } from '@/lib/api/answers/reservation';
import { readSession, writeSession } from './session';
import { formatDate, visitReasonLabel } from './format';
import { useBotSubmit } from './use-bot-submit';
import { fetchDay, fetchDayExperiences, fetchExperienceDays, fetchMonth, guaranteeFor, holdSeats, sendBooking, type Guarantee } from './wizard-calls';
import { useUrlChoice } from './use-url-choice';
import { SummaryChallenge } from './summary-challenge';
import { BotFailed } from './bot-failed';
import { HOLD_KEY, DETAILS_KEY, GUARANTEE_KEY, type DayDetail, type DayExperience, type DayInfo, type WizardSetup } from './types';
import type { ReservationDetails } from '@/lib/forms/reservation';
import { sendEmbedEvent } from '@/lib/embed/client';
import { useReserveTexts } from './texts';

export { formatDate } from './format';
export type { Hold } from './hold-notice';

type Step = 'people' | 'date' | 'time' | 'details' | 'guarantee' | 'summary';

/**
 * The booking wizard (spec section 2, "Reservation form"). Its choices live in the URL
 * (`?pax&date&time&zone&experience&step`), so reload and the back button keep the guest's
 * place; the guest's details and the hold token stay in sessionStorage, never in the URL.
 * The steps are modules shared with the experience form (components/experiences).
 */
export function ReservationWizard({ setup }: { setup: WizardSetup }) {
  const { edit } = setup;
  const { t, optional, errorText } = useReserveTexts();
  const { router, pathname, params, go, pax, date, time, zone, badChoice, experience, wanted, choiceKey } = useUrlChoice(setup.partySize.max);
  // Editing keeps its own copy of the details, prefilled with the booking's.
  const detailsKey = edit ? `${DETAILS_KEY}:${edit.hash}` : DETAILS_KEY;
  // The wizard renders in the browser only (it reads the URL's query), so sessionStorage is there.
  const [details, setDetails] = useState<ReservationDetails | null>(() => readSession<ReservationDetails>(detailsKey) ?? edit?.details ?? null);
  const [hold, setHold] = useState<Hold | null>(() => readSession<Hold>(HOLD_KEY));
  const [holdExpired, setHoldExpired] = useState(false);
  const [guarantee, setGuarantee] = useState<Guarantee | null>(() => readSession<Guarantee>(GUARANTEE_KEY));
  const [detailsProblem, setDetailsProblem] = useState<string | null>(null);
  const bot = useBotSubmit(setup.botcheck);
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
  const headingRef = useStepFocus(step);

  // Editing starts from the booking as it stands: its party size, date, time and zone.
  useEffect(() => {
    if (edit && !params.get('pax') && !params.get('date')) {
      router.replace(`${pathname}?${query({ pax: edit.choice.pax, date: edit.choice.date, time: edit.choice.time, zone: edit.choice.zone })}`, { scroll: false });
    }
  }, [edit, params, pathname, router]);

  // The phone prefixes (not in `/reserve`'s HTML), fetched while the guest chooses, so the details step has them.
  useEffect(() => {
    void wizardPrefixes(setup);
  }, [setup]);

  // In the loader's frame, the host page hears of each step (docs/embed.md).
  useEffect(() => {
    sendEmbedEvent({ type: 'step', flow: 'reserve', step, path: location.pathname });
  }, [step]);

  const releaseHold = async () => {
    const current = readSession<Hold>(HOLD_KEY);
    if (!current) return;
    writeSession(HOLD_KEY, null);
    rememberHold(null);
    setHold(null);
    await api('/api/reservation/release', releaseAnswer, { holdToken: current.token });
  };

  // The guest leaves the wizard (closes the tab, goes to another site, reloads): the seats held go back at once (issue 45).
  useReleaseOnLeave(() => setHold(null));

  /** Back to an earlier step from the progress indicator: later choices and the hold are dropped. */
  const backTo = (target: Step) => {
    if (target === 'details') return go({ step: null });
    if (target === 'guarantee') return go({ step: 'guarantee' });
    void releaseHold();
    if (target === 'people') go({ pax: null, date: null, time: null, zone: null, experience: null, step: null });
    else if (target === 'date') go({ date: null, time: null, zone: null, experience: null, step: null });
    else go({ time: null, zone: null, step: null });
  };

  /** The hold ran out: its seats may be gone, so the guest chooses a time again (and holds it) before any summary. */
  const expireHold = () => {
    setHoldExpired(true);
    void releaseHold();
    go({ time: null, zone: null, step: null });
  };

  const scope = { reservemodule: setup.module, hash: edit?.hash };
  const [month, setMonth] = useState<string>('');
  const shownMonth = month || (date ? date.slice(0, 7) : new Date().toISOString().slice(0, 7));
  const monthQuery = { year: shownMonth.slice(0, 4), month: Number(shownMonth.slice(5, 7)), pax };
  const monthKey = pax && step === 'date' && shownMonth ? `/api/reservation/month?${query({ ...monthQuery, ...scope })}` : null;
  const monthData = useSWR<DayInfo[]>(monthKey, fetchMonth, { revalidateOnFocus: true });
  const dayKey = pax && date && (step === 'time' || step === 'details') ? `/api/reservation/day?${query({ day: date, pax, ...scope })}` : null;
  const dayData = useSWR<DayDetail>(dayKey, fetchDay, { refreshInterval: 30_000 });
  // The spec's experience calls: which days offer experiences, and that day's experiences.
  const experienceMonth = useSWR<{ date: string }[]>(monthKey ? `/api/reservation/experiences?${query(monthQuery)}` : null, fetchExperienceDays);
  const experienceDay = useSWR<DayExperience[]>(pax && date && step !== 'people' && step !== 'date' ? `/api/reservation/experiences?${query({ day: date, pax })}` : null, fetchDayExperiences);
  const chosenExperience = experience ? (experienceDay.data ?? []).find((e) => e.hash === experience) : undefined;

  /**
   * Sends the booking (or, editing, the change). The bot check runs first: its v3 token, or
   * after the visible challenge both tokens (spec section 7).
   */
  const submit = (v2Token?: string): Promise<string | null> =>
    details ? sendBooking({ setup, reason: visitReasonLabel(setup.visitReasons, details.motivo, t('details.other')), router, bot, details, detailsKey, choice: { pax, date, time, zone }, experience, hold, offer }, v2Token) : Promise.resolve('generic');

  const steps = [
    { key: 'people' as const, label: t('steps.people'), value: pax ? t('people.count', { count: pax }) : '' },
    { key: 'date' as const, label: t('steps.date'), value: date ? formatDate(date, setup.locale) : '' },
    { key: 'time' as const, label: t('steps.time'), value: time },
    { key: 'details' as const, label: t('steps.details') },
    // The guarantee is a step of its own once the venue asks for one for this choice.
    ...(offer?.offer ? [{ key: 'guarantee' as const, label: t('steps.guarantee') }] : []),
    { key: 'summary' as const, label: t('steps.summary') },
  ];

  return (
    <div className="wizard">
      <Progress label={t('steps.label')} currentLabel={t('steps.current')} steps={steps} current={step} onBack={backTo} />
      {badChoice ? (
        <p role="alert" className="field__error">
          {optional(`errors.${badChoice}`)}
        </p>
      ) : null}

      {step === 'people' ? (
        <StepSection id="step-people" title={t('people.title')} headingRef={headingRef}>
          <PeopleStep setup={setup} onChoose={(n) => go({ pax: n })} />
        </StepSection>
      ) : null}

      {step === 'date' ? (
        <StepSection id="step-date" title={t('date.title')} headingRef={headingRef}>
          <Calendar
            setup={setup}
            month={shownMonth}
            days={monthData.data}
            loading={monthData.isLoading}
            error={monthData.error ? errorText(errorCode(monthData.error)) : undefined}
            experienceDates={new Set((experienceMonth.data ?? []).map((d) => d.date))}
            chooseExperienceDays
            onMonth={setMonth}
            onChoose={(d) => go({ date: d })}
          />
        </StepSection>
      ) : null}

      {step === 'time' ? (
        <StepSection id="step-time" title={t('time.title')} headingRef={headingRef}>
          {holdExpired ? (
            <p role="alert" className="notice notice--warning">
              {t('time.expired')}
            </p>
          ) : null}
          <TimeStep
            setup={setup}
            pax={pax}
            date={date}
            day={dayData.data}
            experiences={experienceDay.data ?? []}
            chosenExperience={edit ? undefined : experience}
            onExperience={edit ? undefined : (hash) => go({ experience: hash })}
            current={edit && edit.choice.date === date ? edit.choice.time : undefined}
            closed={<ClosedDay setup={setup} pax={pax} date={date} scope={scope} onChoose={(d) => go({ date: d, time: null, zone: null, experience: null, step: null })} />}
            loading={dayData.isLoading}
            error={dayData.error ? errorText(errorCode(dayData.error)) : undefined}
            onChoose={async (choice) => {
              await releaseHold();
              if (choice.waitingList) {
                go({ time: choice.time, zone: choice.zone, step: null });
                return null;
              }
              const held = await holdSeats(setup, { pax, date, time: choice.time, zone: choice.zone });
              if ('error' in held) {
                if (held.error !== 'unavailable') void dayData.mutate();
                return held.error;
              }
              const newHold = held.hold;
              setHold(newHold);
              setHoldExpired(false);
              go({ time: choice.time, zone: choice.zone, step: null });
              return null;
            }}
          />
        </StepSection>
      ) : null}

      {step === 'details' ? (
        <StepSection id="step-details" title={t('details.title')} headingRef={headingRef}>
          <HoldNotice hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
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
              const asked = await guaranteeFor(setup, { pax, date, time, zone }, values.email, hold);
              // Refused (the limit of card set-ups, or an answer the page cannot read): the guest stays here, told why, with what they typed.
              if ('error' in asked) {
                setDetailsProblem(asked.error);
                return;
              }
              const next: Guarantee = { choice: choiceKey, offer: asked.offer };
              writeSession(GUARANTEE_KEY, next);
              setGuarantee(next);
              go({ step: next.offer ? 'guarantee' : 'summary' });
            }}
          />
        </StepSection>
      ) : null}

      {step === 'guarantee' && offer?.offer ? (
        <StepSection id="step-guarantee" title={t('guarantee.title')} headingRef={headingRef}>
          <HoldNotice hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
          <GuaranteeStep
            setup={setup}
            offer={offer.offer}
            at={{ date, time }}
            onDone={(reference) => {
              const next = { ...offer, reference };
              writeSession(GUARANTEE_KEY, next);
              setGuarantee(next);
              go({ step: 'summary' });
            }}
          />
        </StepSection>
      ) : null}

      {step === 'summary' && details && bot.failed ? (
        <BotFailed
          headingRef={headingRef}
          onRestart={() => {
            bot.reset();
            backTo('people');
          }}
        />
      ) : null}

      {step === 'summary' && details && !bot.failed ? (
        <StepSection id="step-summary" title={edit ? t('edit.summaryTitle') : t('summary.title')} headingRef={headingRef}>
          <HoldNotice hold={hold} expired={holdExpired} date={date} time={time} zone={zone} pax={pax} onExpired={expireHold} />
          <SummaryStep
            setup={setup}
            choice={{ pax, date, time, zone }}
            details={details}
            extra={
              chosenExperience
                ? [[t('experience.title'), `${chosenExperience.title[setup.locale] || chosenExperience.title.it} (${t('experience.atVenue')})`]]
                : edit?.experience
                  ? [[t('experience.title'), edit.experience]]
                  : undefined
            }
            onChange={() => go({ step: null })}
            guarantee={offer?.offer ?? null}
            onConfirm={() => submit()}
          />
        </StepSection>
      ) : null}
      {step === 'summary' && details && bot.challenge && !bot.failed ? <SummaryChallenge setup={setup} submit={submit} errorText={(code) => (code === 'soldOut' ? t('outcome.soldOut') : errorText(code))} /> : null}
    </div>
  );
}
