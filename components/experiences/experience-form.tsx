'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations, type Messages } from 'next-intl';
import useSWR from 'swr';
import { localizedPath } from '@/lib/i18n/paths';
import { formatPrice } from '@/lib/currency';
import { DEPOSIT_RETRY_MINUTES } from '@/lib/payments/types';
import type { ReservationDetails } from '@/lib/forms/reservation';
import type { ExperiencePayment } from '@/lib/contract/experience-booking';
import { Calendar } from '@/components/reservation/calendar';
import { DetailsStep } from '@/components/reservation/details-step';
import { GuaranteeStep } from '@/components/reservation/guarantee-step';
import { SummaryStep } from '@/components/reservation/summary-step';
import { PeopleStep } from '@/components/reservation/people-step';
import { Progress } from '@/components/reservation/progress';
import { StepSection } from '@/components/reservation/step-section';
import { useStepFocus } from '@/components/reservation/use-step-focus';
import { SummaryChallenge } from '@/components/reservation/summary-challenge';
import { BotFailed } from '@/components/reservation/bot-failed';
import { api, errorCode, fetchChecked, query } from '@/lib/api/client';
import { submitKeys } from '@/lib/api/submit-key';
import { experienceBookedAnswer, experienceDaysAnswer, experienceFieldsAnswer, experiencePaymentAnswer, experienceTimesAnswer } from '@/lib/api/answers/experiences';
import { writeSession } from '@/components/reservation/session';
import { formatDate, visitReasonLabel } from '@/components/reservation/format';
import { useBotSubmit } from '@/components/reservation/use-bot-submit';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { FieldsStep } from './fields-step';
import { TimeAndZone } from './time-and-zone';
import { DepositStep } from './deposit-step';
import { EXPERIENCE_LAST_KEY, type ExperienceFormSetup } from './types';
import { useReserveTexts } from '@/components/reservation/texts';

/** A refusal the experience form words itself (`experiences.errors`). */
type ExperienceRefusal = keyof Messages['experiences']['errors'];
import { embedHost } from '@/lib/embed/client';

type Step = 'people' | 'date' | 'time' | 'fields' | 'details' | 'guarantee' | 'payment' | 'summary';

const fetchDays = fetchChecked(experienceDaysAnswer);
const fetchTimes = fetchChecked(experienceTimesAnswer);
const fetchFields = fetchChecked(experienceFieldsAnswer);

/**
 * The experience booking form (spec section 2, "Experience booking form"): the experience's
 * own guest limits, days, times, zones and additional fields, the guest's details, the card
 * guarantee and the deposit or prepayment, then the summary. The steps are the table
 * wizard's modules; the calls are the spec's (`availabledays`, `getavailabletimes`,
 * `getadditionalfields`, `createexperiencereserve`).
 */
export function ExperienceForm({ setup }: { setup: ExperienceFormSetup }) {
  const { wizard, experience: e } = setup;
  const x = useTranslations('experiences');
  const { t, optional, errorText: reserveError } = useReserveTexts();
  const forms = useTranslations('forms');
  const router = useRouter();
  const inLimits = (n: number) => n >= e.minGuests && n <= e.maxGuests;
  const [pax, setPax] = useState(inLimits(setup.initial.pax) ? setup.initial.pax : 0);
  const [date, setDate] = useState(setup.initial.date);
  const [time, setTime] = useState('');
  const [zone, setZone] = useState('');
  const [answers, setAnswers] = useState<Record<string, string> | null>(null);
  const [details, setDetails] = useState<ReservationDetails | null>(null);
  const [payment, setPayment] = useState<ExperiencePayment | null>(null);
  const [cardReference, setCardReference] = useState<string | null>(null);
  const [depositReference, setDepositReference] = useState<string | null>(null);
  // A submit refused after the deposit was paid: the guest is told what happens to the money.
  const [paidRefused, setPaidRefused] = useState(false);
  const [step, setStep] = useState<Step>(!pax ? 'people' : date ? 'time' : 'date');
  // The calendar opens on the first month it runs in (a one-date experience weeks ahead shows its date at once).
  const today = new Date().toISOString().slice(0, 10);
  const [month, setMonth] = useState((setup.initial.date || (e.firstDate > today ? e.firstDate : today)).slice(0, 7));
  const noMoreDates = Boolean(e.lastDate) && e.lastDate < (month === today.slice(0, 7) ? today : `${month}-01`);
  const bot = useBotSubmit(wizard.botcheck);
  // The booking's idempotency key: one per submit, the same for its retry.
  const [bookingKey] = useState(submitKeys);
  const headingRef = useStepFocus(step);
  const invalidPrefill = setup.initial.pax > 0 && !inLimits(setup.initial.pax);
  useUnsavedGuard(Boolean(details) || (answers !== null && Object.keys(answers).length > 0), forms('unsaved'));

  const days = useSWR(step === 'date' && pax ? `/api/experience/days?${query({ experienceId: e.id, year: month.slice(0, 4), month: Number(month.slice(5, 7)), pax })}` : null, fetchDays);
  const times = useSWR(step === 'time' && pax && date ? `/api/experience/times?${query({ experienceId: e.id, day: date, pax, language: wizard.locale })}` : null, fetchTimes);
  const zoneRef = e.zones?.find((z) => z.key === zone);
  const fields = useSWR(e.hasFields && step !== 'people' && step !== 'date' && step !== 'time' ? `/api/experience/fields?${query({ experienceId: e.id, zoneID: zoneRef ? zoneRef.id || zoneRef.key : '' })}` : null, fetchFields);

  const money = (amount: number) => formatPrice(amount, e.currency, wizard.locale);
  const priceLine = e.price > 0 && pax ? x('form.total', { price: money(e.price), count: pax, total: money(e.price * pax) }) : '';
  const afterDetails = (p: ExperiencePayment | null): Step => (p?.guarantee && !cardReference ? 'guarantee' : p?.deposit && !depositReference ? 'payment' : 'summary');

  /**
   * After the details: the card guarantee's or the payment's set-up. One that cannot start (the
   * provider errs, the site is down) keeps the guest on this step, told so, with a button that
   * tries again with the same details (issue 45), instead of a summary that cannot be confirmed.
   */
  const [paymentProblem, setPaymentProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const startPayment = async (values: ReservationDetails) => {
    setDetails(values);
    setPaymentProblem(null);
    let p = payment;
    if (e.guarantee || e.payment) {
      setStarting(true);
      const result = await api('/api/experience/payment', experiencePaymentAnswer, { experienceId: e.id, day: date, time, pax, zone, email: values.email, language: wizard.locale });
      setStarting(false);
      if (!result.ok) {
        setPaymentProblem(result.error === 'rateLimited' ? 'rateLimited' : 'paymentStart');
        return;
      }
      p = result.data;
      setPayment(p);
    }
    setStep(afterDetails(p));
  };

  const submit = async (v2Token?: string): Promise<string | null> => {
    if (!details) return 'generic';
    const payload = {
      ...details,
      experienceId: e.id,
      day: date,
      time,
      pax,
      zone,
      campiAggiuntivi: answers ?? {},
      guaranteeReference: cardReference ?? undefined,
      cancellationPolicy: Boolean(cardReference),
      depositReference: depositReference ?? undefined,
      language: wizard.locale,
    };
    const result = await api('/api/experience', experienceBookedAnswer, { payload, idempotencyKey: bookingKey(payload), ...(embedHost() ? { source: 'embed' } : {}), ...(await bot.tokens(v2Token)) });
    if (result.ok) {
      bot.passed();
      writeSession(EXPERIENCE_LAST_KEY, { outcome: result.data.outcome, hash: e.hash, booking: result.data.hash, title: e.title, pax, date, time, name: `${details.nome} ${details.cognome}`, reason: visitReasonLabel(wizard.visitReasons, details.motivo, t('details.other')), note: details.note });
      setDetails(null);
      setAnswers(null);
      router.push(localizedPath(wizard.locale, `/frontpage/esperienze/${e.hash}/${result.data.outcome}`));
      return null;
    }
    if (depositReference) setPaidRefused(true);
    if (result.status === 0) return 'unavailable';
    if (bot.refused(result.error)) return result.error === 'botcheckUnsure' ? 'botcheckUnsure' : null;
    return result.error;
  };

  const stepList: { key: Step; label: string; value?: string }[] = [
    { key: 'people', label: t('steps.people'), value: pax ? t('people.count', { count: pax }) : '' },
    { key: 'date', label: t('steps.date'), value: date ? formatDate(date, wizard.locale) : '' },
    { key: 'time', label: t('steps.time'), value: [time, zoneRef?.label].filter(Boolean).join(', ') },
    ...(e.hasFields ? [{ key: 'fields' as const, label: x('steps.fields') }] : []),
    { key: 'details', label: t('steps.details') },
    ...(e.guarantee ? [{ key: 'guarantee' as const, label: t('steps.guarantee') }] : []),
    ...(e.payment ? [{ key: 'payment' as const, label: x('steps.payment') }] : []),
    { key: 'summary', label: t('steps.summary') },
  ];
  const back = (target: Step) => {
    if (target === 'people') setDate('');
    if (target === 'people' || target === 'date' || target === 'time') {
      setTime('');
      setZone('');
      setPayment(null);
      setCardReference(null);
      setDepositReference(null);
    }
    setStep(target);
  };
  const summarySetup = { ...wizard, zones: Object.fromEntries((e.zones ?? []).map((z) => [z.key, z.label])) };
  // A refusal's words: the experience's (`experiences.errors`) before the table's, the abuse limit's as everywhere.
  const errorText = (code: string) =>
    x.has(`errors.${code}` as never) ? x(`errors.${code as ExperienceRefusal}`, { min: e.minGuests, max: e.maxGuests }) : code === 'rateLimited' || optional(`errors.${code}`) ? reserveError(code) : x('errors.generic');

  return (
    <div className="wizard">
      <Progress label={t('steps.label')} currentLabel={t('steps.current')} steps={stepList} current={step} onBack={back} />

      {step === 'people' ? (
        <StepSection id="x-people" title={x('form.people')} headingRef={headingRef}>
          {invalidPrefill ? (
            <p role="alert" className="field__error">
              {setup.initial.pax < e.minGuests ? x('errors.guestsBelowMin', { min: e.minGuests }) : x('errors.guestsAboveMax', { max: e.maxGuests })}
            </p>
          ) : null}
          <PeopleStep
            setup={wizard}
            partySize={{ min: e.minGuests, directMax: Math.min(e.maxGuests, e.minGuests + 5), max: e.maxGuests }}
            hint={<p className="lead">{x('guests', { min: e.minGuests, max: e.maxGuests })}</p>}
            onChoose={(n) => {
              setPax(n);
              setStep(date ? 'time' : 'date');
            }}
          />
        </StepSection>
      ) : null}

      {step === 'date' ? (
        <StepSection id="x-date" title={x('form.date')} headingRef={headingRef}>
          {priceLine ? <p className="price">{priceLine}</p> : null}
          <Calendar
            setup={wizard}
            month={month}
            days={days.data?.map((d) => ({ date: d.date, state: d.state }))}
            loading={days.isLoading}
            error={days.error ? errorText(errorCode(days.error)) : undefined}
            experienceDates={new Set()}
            onMonth={setMonth}
            noneText={noMoreDates ? x('form.noMoreDates') : undefined}
            onChoose={(d) => {
              setDate(d);
              setStep('time');
            }}
          />
        </StepSection>
      ) : null}

      {step === 'time' ? (
        <StepSection id="x-time" title={x('form.time')} headingRef={headingRef}>
          <TimeAndZone setup={setup} times={times.data} loading={times.isLoading} error={times.error ? errorText(errorCode(times.error)) : undefined} time={time} zone={zone} onChoose={(tm, zn) => {
            setTime(tm);
            setZone(zn);
            setStep(e.hasFields ? 'fields' : 'details');
          }} />
        </StepSection>
      ) : null}

      {step === 'fields' ? (
        <StepSection id="x-fields" title={x('form.fields')} headingRef={headingRef}>
          {fields.data ? (
            <FieldsStep
              fields={fields.data}
              locale={wizard.locale}
              initial={answers ?? {}}
              onDone={(a) => {
                setAnswers(a);
                setStep('details');
              }}
            />
          ) : fields.error ? (
            <p role="alert" className="field__error">{errorText(errorCode(fields.error))}</p>
          ) : (
            <p role="status">{t('date.loading')}</p>
          )}
        </StepSection>
      ) : null}

      {step === 'details' ? (
        <StepSection id="x-details" title={t('details.title')} headingRef={headingRef}>
          {paymentProblem && details ? (
            <div role="alert" className="notice notice--warning payment-problem">
              <p>{paymentProblem === 'rateLimited' ? reserveError('rateLimited') : x('form.paymentStartFailed')}</p>
              <button type="button" className="button" disabled={starting} aria-busy={starting || undefined} onClick={() => void startPayment(details)}>
                {x('form.paymentRetry')}
              </button>
            </div>
          ) : null}
          <DetailsStep
            setup={wizard}
            initial={details}
            askVisitReason={e.askVisitReason}
            onDone={startPayment}
          />
        </StepSection>
      ) : null}

      {step === 'guarantee' && payment?.guarantee ? (
        <StepSection id="x-guarantee" title={t('guarantee.title')} headingRef={headingRef}>
          <GuaranteeStep
            setup={wizard}
            offer={payment.guarantee}
            at={{ date, time }}
            onDone={(reference) => {
              setCardReference(reference);
              setStep(payment.deposit && !depositReference ? 'payment' : 'summary');
            }}
          />
        </StepSection>
      ) : null}

      {step === 'payment' && payment?.deposit ? (
        <StepSection id="x-payment" title={x('form.payTitle')} headingRef={headingRef}>
          <DepositStep
            setup={wizard}
            deposit={payment.deposit}
            intro={x(payment.deposit.kind === 'prepayment' ? 'form.prepaymentIntro' : 'form.depositIntro', { amount: money(payment.deposit.amountCents / 100) })}
            payLabel={x('form.pay', { amount: money(payment.deposit.amountCents / 100) })}
            payingLabel={x('form.paying')}
            onPaid={(reference) => {
              setDepositReference(reference);
              setStep('summary');
            }}
          />
        </StepSection>
      ) : null}

      {step === 'summary' && paidRefused && !bot.failed ? (
        <p role="status" className="notice">
          {x('depositKept', { minutes: DEPOSIT_RETRY_MINUTES })}
        </p>
      ) : null}
      {step === 'summary' && details && bot.failed ? (
        <BotFailed
          headingRef={headingRef}
          onRestart={() => {
            bot.reset();
            back('people');
          }}
          // Paid already: the same booking can be sent again with that payment, within its retry time.
          paid={
            depositReference && payment?.deposit
              ? { text: t('botcheck.failedPaidText', { amount: money(payment.deposit.amountCents / 100), minutes: DEPOSIT_RETRY_MINUTES }), onRetry: () => bot.reset() }
              : undefined
          }
        />
      ) : null}

      {step === 'summary' && details && !bot.failed ? (
        <StepSection id="x-summary" title={t('summary.title')} headingRef={headingRef}>
          <SummaryStep
            setup={summarySetup}
            choice={{ pax, date, time, zone }}
            details={details}
            guarantee={payment?.guarantee ?? null}
            extra={[
              [x('summary.experience'), e.title],
              ...(priceLine ? [[x('summary.total'), priceLine] as [string, string]] : []),
              ...(depositReference && payment?.deposit ? [[x('summary.paid'), money(payment.deposit.amountCents / 100)] as [string, string]] : []),
              ...Object.entries(answers ?? {}).map(([k, v]) => [(fields.data ?? []).find((f) => f.key === k)?.label[wizard.locale] || k, v] as [string, string]),
            ]}
            onChange={() => setStep('details')}
            errorText={errorText}
            onConfirm={async () => {
              const error = await submit();
              return error === 'botcheckUnsure' ? null : error;
            }}
          />
        </StepSection>
      ) : null}
      {step === 'summary' && details && bot.challenge && !bot.failed ? <SummaryChallenge setup={wizard} submit={submit} errorText={errorText} /> : null}
    </div>
  );
}
