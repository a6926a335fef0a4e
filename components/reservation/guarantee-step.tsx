'use client';

import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { formatMoney } from '@/lib/currency';
import { freeCancellationEnd, policyMessage } from '@/lib/booking/policy';
import { formatDateTime } from '@/lib/i18n/format';
import type { PublicPaymentConfig } from '@/lib/payments/types';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import type { ConfirmCard, WizardSetup } from './types';
import { api } from '@/lib/api/client';
import { cardAnswer } from '@/lib/api/answers/reservation';
import { useReserveTexts } from './texts';

/** Stripe.js and its React bindings load only when the venue uses Stripe and a guarantee applies. */
const StripeCard = lazy(() => import('./stripe-card'));

export type GuaranteeOffer = {
  required: true;
  terms: { refundable: 'never' | 'always' | 'until'; hoursBefore: number; feeCents: number; per: 'reservation' | 'guest'; currency: string; totalCents: number };
  payment: PublicPaymentConfig;
  reference?: string;
  clientSecret?: string;
};

/**
 * The policy and the fee, in the spec's words: shown here, in the summary and on the cancel page.
 * Given the booking's day and time (`at`, the venue's wall clock), a free-cancellation period that
 * has already ended (a same-day booking a few hours ahead) is said so, never promised (issue 45).
 */
export function GuaranteeTerms({ locale, terms, at }: { locale: Locale; terms: GuaranteeOffer['terms']; at?: { date: string; time: string; timezone?: string } }) {
  const t = useTranslations('reserve');
  const policy = policyMessage(terms);
  const amount = formatMoney(terms.feeCents, terms.currency, locale);
  const total = formatMoney(terms.totalCents, terms.currency, locale);
  const end = at?.timezone && at.date && at.time ? freeCancellationEnd(terms, at.timezone, at.date, at.time) : null;
  // The moment the terms are first shown (a render's result must not change with the clock).
  const [shownAt] = useState(() => Date.now());
  const over = end !== null && end.getTime() <= shownAt;
  return (
    <ul className="guarantee-terms">
      <li>{over ? t('outcome.freeOver', { deadline: formatDateTime(end, locale, at?.timezone ?? 'UTC') }) : t(`guarantee.${policy.key}`, policy.values)}</li>
      <li>{t(terms.per === 'guest' ? 'guarantee.feePerGuest' : 'guarantee.feePerReservation', { amount, total })}</li>
    </ul>
  );
}

/**
 * Step 8, "Credit-card guarantee": the cancellation policy, the no-show fee, "I accept the
 * cancellation policy", and the card (saved, not charged) through Stripe's Payment Element
 * or the local test provider's form.
 */
export function GuaranteeStep({ setup, offer, at, onDone }: { setup: WizardSetup; offer: GuaranteeOffer; /** The booking's day and time, to tell a free-cancellation period already over. */ at?: { date: string; time: string }; onDone: (reference: string) => void }) {
  const t = useTranslations('reserve');
  const [accepted, setAccepted] = useState(false);
  const [acceptError, setAcceptError] = useState(false);
  const acceptRef = useRef<HTMLInputElement>(null);
  const checkAccepted = () => {
    if (accepted) return true;
    setAcceptError(true);
    acceptRef.current?.focus();
    return false;
  };

  return (
    <div className="guarantee">
      <p>{t('guarantee.intro')}</p>
      <GuaranteeTerms locale={setup.locale} terms={offer.terms} at={at ? { ...at, timezone: setup.timezone } : undefined} />
      <div className={`field field--consent${acceptError && !accepted ? ' field--invalid' : ''}`}>
        <div className="field__check">
          <input
            ref={acceptRef}
            id="reservation-cancellationPolicy"
            name="cancellationPolicy"
            type="checkbox"
            checked={accepted}
            aria-required="true"
            aria-invalid={acceptError && !accepted ? true : undefined}
            aria-describedby={acceptError && !accepted ? 'reservation-cancellationPolicy-error' : undefined}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <label htmlFor="reservation-cancellationPolicy">{t('guarantee.accept')}</label>
        </div>
        {acceptError && !accepted ? (
          <p id="reservation-cancellationPolicy-error" className="field__error">
            {t('errors.cancellationPolicyRequired')}
          </p>
        ) : null}
      </div>
      <CardPayment setup={setup} payment={offer} label={t('guarantee.save')} busyLabel={t('guarantee.saving')} before={checkAccepted} onConfirmed={onDone} />
    </div>
  );
}

/**
 * The card of a guarantee (a SetupIntent, saved) or of a deposit (a PaymentIntent, charged):
 * Stripe's Payment Element or the local test provider's form, the provider's refusal, and the
 * button that confirms it. `before` may stop the button (a consent not given yet).
 */
export function CardPayment({
  setup,
  payment,
  mode = 'setup',
  endpoint,
  label,
  busyLabel,
  before,
  onConfirmed,
}: {
  setup: WizardSetup;
  payment: { payment: PublicPaymentConfig; reference?: string; clientSecret?: string };
  mode?: 'setup' | 'payment';
  /** The local provider's confirm call (default: the guarantee's). */
  endpoint?: string;
  label: string;
  busyLabel: string;
  before?: () => boolean;
  onConfirmed: (reference: string) => void;
}) {
  const { t, optional, errorText } = useReserveTexts();
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<ConfirmCard | null>(null);
  const missingKey = payment.payment.kind === 'stripe' && !payment.payment.publishableKey;

  const submit = async () => {
    setProblem(null);
    if (before && !before()) return;
    if (!confirmRef.current || !payment.reference) {
      setProblem(missingKey ? 'publicKeyMissing' : 'paymentError');
      return;
    }
    setBusy(true);
    const error = await confirmRef.current();
    setBusy(false);
    if (error) setProblem(error);
    else onConfirmed(payment.reference);
  };

  return (
    <>
      <fieldset className="card-form">
        <legend>{t('guarantee.card')}</legend>
        {missingKey ? (
          <p role="alert" className="field__error">
            {t('guarantee.publicKeyMissing')}
          </p>
        ) : payment.payment.kind === 'local' ? (
          <LocalCard offer={payment} confirmRef={confirmRef} endpoint={endpoint} />
        ) : (
          <Suspense fallback={<p>{t('guarantee.loading')}</p>}>
            <StripeCard
              mode={mode}
              publishableKey={payment.payment.publishableKey ?? ''}
              clientSecret={payment.clientSecret ?? ''}
              locale={setup.locale}
              confirmRef={confirmRef}
            />
          </Suspense>
        )}
      </fieldset>
      {problem ? (
        <p role="alert" className="field__error">
          {problem === 'rateLimited' ? errorText(problem) : (optional(`guarantee.${problem}`) ?? t('guarantee.paymentError'))}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button" disabled={busy || missingKey} aria-busy={busy || undefined} onClick={submit}>
          {busy ? busyLabel : label}
        </button>
      </div>
    </>
  );
}

/**
 * The local test provider: the same states as Stripe's, with test cards, and a visible "Test
 * mode" badge. `endpoint` confirms a deposit instead of a card setup (the experience form).
 */
export function LocalCard({ offer, confirmRef, endpoint = '/api/reservation/card' }: { offer: { reference?: string; clientSecret?: string }; confirmRef: React.RefObject<ConfirmCard | null>; endpoint?: string }) {
  const t = useTranslations('reserve');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const confirm: ConfirmCard = async () => {
    if (number.replace(/\D/g, '').length < 12 || !/^\d{2}\s?\/\s?\d{2}$/.test(expiry.trim()) || !/^\d{3,4}$/.test(cvc.trim())) return 'cardInvalid';
    const result = await api(endpoint, cardAnswer, { reference: offer.reference, clientSecret: offer.clientSecret, cardNumber: number });
    if (result.ok) return null;
    const { error } = result;
    return error === 'declined' || error === 'cardInvalid' || error === 'paymentNotFound' || error === 'rateLimited' ? error : 'paymentError';
  };
  // The step's button confirms the card through whichever form is shown.
  useEffect(() => {
    confirmRef.current = confirm;
  });
  return (
    <div className="local-card">
      <p className="badge badge--test">{t('guarantee.testMode')}</p>
      <p className="hint">{t('guarantee.testCards')}</p>
      <div className="field">
        <label htmlFor="card-number">{t('guarantee.cardNumber')}</label>
        <input id="card-number" type="text" inputMode="numeric" autoComplete="cc-number" value={number} onChange={(e) => setNumber(e.target.value)} />
      </div>
      <div className="card-form__row">
        <div className="field">
          <label htmlFor="card-expiry">{t('guarantee.expiry')}</label>
          <input id="card-expiry" type="text" inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="card-cvc">{t('guarantee.cvc')}</label>
          <input id="card-cvc" type="text" inputMode="numeric" autoComplete="cc-csc" value={cvc} onChange={(e) => setCvc(e.target.value)} />
        </div>
      </div>
    </div>
  );
}
