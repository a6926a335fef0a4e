'use client';

import { useState, useSyncExternalStore } from 'react';
import { send } from '@/lib/api/client';
import { resendAnswer } from '@/lib/api/answers/promo';
import { FormSubmit } from '@/components/forms/form-submit';
import { fill } from '@/lib/i18n/fill';

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

type Texts = { intro: string; email: string; button: string; sent: string; rateLimited: string; error: string };

/**
 * "Send my code again" on the duplicate screen (issue 29): the guest's address from the form
 * they just sent, editable; the code goes only to the address it was issued to.
 */
export function ResendCode({ urlName, locale, texts }: { urlName: string; locale: string; texts: Texts }) {
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
        {fill(texts.sent, { email })}
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
      <p>{texts.intro}</p>
      <div className="field">
        <label htmlFor="promo-resend-email">{texts.email}</label>
        <input id="promo-resend-email" type="email" inputMode="email" autoComplete="email" required value={email} onChange={(e) => setTyped(e.target.value)} />
      </div>
      <FormSubmit notice={state === 'limited' ? texts.rateLimited : state === 'error' ? texts.error : null} busy={state === 'busy'} disabled={!email.trim()} label={texts.button} />
    </form>
  );
}
