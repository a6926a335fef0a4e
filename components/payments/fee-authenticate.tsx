'use client';

import { useState } from 'react';
import { loadStripe } from '@stripe/stripe-js';
import { useTranslations } from 'next-intl';

type Props = { publishableKey: string; clientSecret: string; paymentMethod: string; /** The fee as the guest reads it ("€ 30"). */ amount: string };

/**
 * Stripe's way back on-session for an off-session charge the bank held back: the guest
 * confirms the PaymentIntent with the saved card, and the bank's check (3-D Secure) opens in
 * place. The signed webhook, not this page, records the payment.
 */
export default function FeeAuthenticate({ publishableKey, clientSecret, paymentMethod, amount }: Props) {
  const t = useTranslations('noshow.page');
  const [state, setState] = useState<'idle' | 'busy' | 'paid' | 'error'>('idle');
  const pay = async () => {
    setState('busy');
    const stripe = await loadStripe(publishableKey).catch(() => null);
    if (!stripe) return setState('error');
    const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: paymentMethod });
    setState(!error && paymentIntent?.status === 'succeeded' ? 'paid' : 'error');
  };
  if (state === 'paid') return <p role="status">{t('paid', { amount })}</p>;
  return (
    <div className="actions">
      <button type="button" className="button" disabled={state === 'busy'} onClick={() => void pay()}>
        {t('pay', { amount })}
      </button>
      <p role="status" className={state === 'error' ? 'field__error' : undefined}>
        {state === 'error' ? t('error') : ''}
      </p>
    </div>
  );
}
