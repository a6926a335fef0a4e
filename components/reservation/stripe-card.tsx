'use client';

import { useEffect, useState } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useTranslations } from 'next-intl';
import type { ConfirmCard } from './types';

type Props = {
  publishableKey: string;
  clientSecret: string;
  locale: string;
  confirmRef: React.RefObject<ConfirmCard | null>;
  /** `setup` saves the card (a SetupIntent, the guarantee); `payment` charges it (a PaymentIntent, a deposit). */
  mode?: 'setup' | 'payment';
};

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js from js.stripe.com, once per key; a failure to load is the spec's "Error initializing ...". */
function stripeFor(key: string) {
  let promise = loaded.get(key);
  if (!promise) {
    promise = loadStripe(key).catch(() => null);
    loaded.set(key, promise);
  }
  return promise;
}

/** Stripe's Payment Element drawn like the form kit: the theme's colours, radius, type and field height. */
function formKitAppearance() {
  const css = typeof document === 'undefined' ? null : getComputedStyle(document.documentElement);
  const read = (name: string, fallback: string) => css?.getPropertyValue(name).trim() || fallback;
  return {
    theme: 'stripe' as const,
    variables: {
      colorPrimary: read('--brand', '#8a2c1b'),
      colorText: read('--ink', '#1f1b16'),
      colorTextSecondary: read('--muted', '#5b5248'),
      colorDanger: read('--danger', '#a51d2d'),
      colorBackground: '#ffffff',
      borderRadius: '8px',
      fontFamily: css ? getComputedStyle(document.body).fontFamily : 'system-ui, sans-serif',
      fontSizeBase: '16px',
      spacingUnit: '4px',
    },
    rules: {
      '.Input': { border: '1px solid #8c8073', padding: '11px 12px', boxShadow: 'none' },
      '.Input:focus': { outline: `3px solid ${read('--focus', '#1a5fb4')}`, outlineOffset: '2px', boxShadow: 'none' },
      '.Label': { fontWeight: '600', color: read('--ink', '#1f1b16') },
    },
  };
}

/** The card collected by Stripe's Payment Element for a SetupIntent (saved, not charged). */
export default function StripeCard({ publishableKey, clientSecret, locale, confirmRef, mode = 'setup' }: Props) {
  const t = useTranslations('reserve');
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void stripeFor(publishableKey).then((s) => {
      if (live) setStripe(s);
    });
    return () => {
      live = false;
    };
  }, [publishableKey]);
  if (stripe === undefined) return <p>{t('guarantee.loading')}</p>;
  if (stripe === null || !clientSecret) {
    return (
      <p role="alert" className="field__error">
        {t('guarantee.initError')}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: locale as 'auto', appearance: formKitAppearance() }}>
      <CardElement confirmRef={confirmRef} mode={mode} />
    </Elements>
  );
}

function CardElement({ confirmRef, mode }: { confirmRef: Props['confirmRef']; mode: 'setup' | 'payment' }) {
  const stripe = useStripe();
  const elements = useElements();
  const confirm: ConfirmCard = async () => {
    if (!stripe || !elements) return 'initError';
    if (mode === 'payment') {
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
      if (error) return error.type === 'card_error' ? 'declined' : 'paymentError';
      // The server checks the PaymentIntent with Stripe again before it books.
      return paymentIntent?.status === 'succeeded' ? null : 'paymentError';
    }
    const { error, setupIntent } = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: window.location.href } });
    if (error) return error.type === 'card_error' ? 'declined' : 'paymentError';
    // The server checks the SetupIntent with Stripe again before it confirms the booking.
    return setupIntent?.status === 'succeeded' ? null : 'paymentError';
  };
  useEffect(() => {
    confirmRef.current = confirm;
  });
  return <PaymentElement options={{ layout: 'tabs' }} />;
}
