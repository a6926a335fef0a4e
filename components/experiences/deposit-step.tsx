'use client';

import { CardPayment } from '@/components/reservation/guarantee-step';
import type { ExperiencePayment } from '@/lib/contract/experience-booking';
import type { WizardSetup } from '@/components/reservation/types';

type Deposit = NonNullable<ExperiencePayment['deposit']>;

/**
 * The deposit or prepayment (`tipoAcquisto` 1 or 2): charged now through the payment
 * provider, Stripe's Payment Element (a PaymentIntent) or the local test provider's form.
 */
export function DepositStep({ setup, deposit, intro, payLabel, payingLabel, onPaid }: { setup: WizardSetup; deposit: Deposit; intro: string; payLabel: string; payingLabel: string; onPaid: (reference: string) => void }) {
  return (
    <div className="guarantee">
      <p>{intro}</p>
      <CardPayment setup={setup} payment={deposit} mode="payment" endpoint="/api/experience/deposit-card" label={payLabel} busyLabel={payingLabel} onConfirmed={onPaid} />
    </div>
  );
}
