'use client';

import { useState, useSyncExternalStore } from 'react';
import { send } from '@/lib/api/client';
import { resendAnswer } from '@/lib/api/answers/promo';
import { FormSubmit } from '@/components/forms/form-submit';
import { useTranslations } from 'next-intl';

/** What the promo form keeps when the answer is `duplicate`: the address to send the code to again. */
export const PROMO_DUPLICATE_KEY = 'frontpagePromoDuplicate';

const noSubscription = () => () => undefined;
const readStored = () => {
  try {
    return sessionStorage.getItem(PROMO_DUPLICATE_KEY);
  } catch {
    return null;
  }
};

/**
 * "Send my code again" on the duplicate screen (issue 29): the guest's address from the form
 * they just sent, editable; the code goes only to the address it was issued to.
 */
export function ResendCode({ urlName, locale }: { urlName: string; locale: string }) {
  const t = useTranslations('promo.resend');
  const limits = useTranslations('limits');
  const stored = useSyncExternalStore(noSubscription, readStored, () => null);
  const [typed, setTyped] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'sent' | 'limited' | 'error'>('idle');
  let remembered = '';
  try {
    const value = JSON.parse(stored ?? 'null') as { urlName?: string; email?: string } | null;
    if (value?.urlName === urlName && value.email) remembered = value.email;
  } catch {
    remembered = '';
  }
  const email = typed ?? remembered;
  if (state === 'sent') {
    return (
      <p role="status" className="notice">
        {t('sent', { email })}
      </p>
    );
  }
  return (
    <form
      className="form resend-code"
      noValidate
      onSubmit={async (event) => {
        event.preventDefault();
        if (!email.trim()) return;
        setState('busy');
        const reply = await send('/api/promo/resend', resendAnswer, { body: { urlName, email: email.trim(), language: locale } });
        setState(reply.body ? 'sent' : reply.status === 429 ? 'limited' : 'error');
      }}
    >
      <p>{t('intro')}</p>
      <div className="field">
        <label htmlFor="promo-resend-email">{t('email')}</label>
        <input id="promo-resend-email" type="email" inputMode="email" autoComplete="email" required value={email} onChange={(e) => setTyped(e.target.value)} />
      </div>
      <FormSubmit notice={state === 'limited' ? limits('tooManyRequests') : state === 'error' ? t('error') : null} busy={state === 'busy'} disabled={!email.trim()} label={t('button')} />
    </form>
  );
}
