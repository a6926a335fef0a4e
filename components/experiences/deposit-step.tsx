'use client';

import { lazy, Suspense, useRef, useState } from 'react';
import { LocalCard, type ConfirmCard } from '@/components/reservation/guarantee-step';
import type { ExperiencePayment } from '@/lib/contract/experience-booking';
import type { WizardSetup } from '@/components/reservation/types';

const StripeCard = lazy(() => import('@/components/reservation/stripe-card'));

type Deposit = NonNullable<ExperiencePayment['deposit']>;

/**
 * The deposit or prepayment (`tipoAcquisto` 1 or 2): charged now through the payment
 * provider, Stripe's Payment Element (a PaymentIntent) or the local test provider's form.
 */
export function DepositStep({ setup, deposit, intro, payLabel, payingLabel, onPaid }: { setup: WizardSetup; deposit: Deposit; intro: string; payLabel: string; payingLabel: string; onPaid: (reference: string) => void }) {
  const { t } = setup;
  const confirmRef = useRef<ConfirmCard | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const missingKey = deposit.payment.kind === 'stripe' && !deposit.payment.publishableKey;
  const pay = async () => {
    setProblem(null);
    if (!confirmRef.current || !deposit.reference) {
      setProblem(missingKey ? 'publicKeyMissing' : 'paymentError');
      return;
    }
    setBusy(true);
    const error = await confirmRef.current();
    setBusy(false);
    if (error) setProblem(error);
    else onPaid(deposit.reference);
  };
  return (
    <div className="guarantee">
      <p>{intro}</p>
      <fieldset className="card-form">
        <legend>{t['guarantee.card']}</legend>
        {missingKey ? (
          <p role="alert" className="field__error">
            {t['guarantee.publicKeyMissing']}
          </p>
        ) : deposit.payment.kind === 'local' ? (
          <LocalCard setup={setup} offer={deposit} confirmRef={confirmRef} endpoint="/api/experience/deposit-card" />
        ) : (
          <Suspense fallback={<p>{t['guarantee.loading']}</p>}>
            <StripeCard
              mode="payment"
              publishableKey={deposit.payment.publishableKey ?? ''}
              clientSecret={deposit.clientSecret ?? ''}
              locale={setup.locale}
              confirmRef={confirmRef}
              messages={{ loading: t['guarantee.loading'], initError: t['guarantee.initError'] }}
            />
          </Suspense>
        )}
      </fieldset>
      {problem ? (
        <p role="alert" className="field__error">
          {t[`guarantee.${problem}`] ?? t['guarantee.paymentError']}
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button" disabled={busy || missingKey} aria-busy={busy || undefined} onClick={pay}>
          {busy ? payingLabel : payLabel}
        </button>
      </div>
    </div>
  );
}
