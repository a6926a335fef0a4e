'use client';

import { useState } from 'react';
import { send } from '@/lib/api/client';
import { redeemAnswer } from '@/lib/api/answers/promo';
import { signInAnswer } from '@/lib/api/answers/staff';
import { formatMoment } from '@/lib/i18n/format';
import { useTranslations } from 'next-intl';
import { PasskeySignIn } from '@/components/staff/passkey';

/**
 * Staff sign-in: with this device's passkey (issue 44, where the browser has them), with a pairing
 * code shown on a signed-in device (issue 44), or with the venue's credential; a staff session
 * for this device, then the page again.
 */
export function StaffSignIn() {
  const t = useTranslations('promo.staff');
  return (
    <>
      <PasskeySignIn />
      <h2>{t('pairTitle')}</h2>
      <p>{t('pairText')}</p>
      <SignInForm field="code" />
      <h2>{t('tokenTitle')}</h2>
      <SignInForm field="token" />
    </>
  );
}

/** One way in: the pairing code (typed as seen, `ABCD EFGH`) or the venue's token. */
function SignInForm({ field }: { field: 'code' | 'token' }) {
  const t = useTranslations('promo.staff');
  const forms = useTranslations('forms');
  const limits = useTranslations('limits');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = field === 'code' ? 'staff-code' : 'staff-token';
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const reply = await send('/api/staff/session', signInAnswer, { body: { [field]: value } });
    setBusy(false);
    if (reply.body) return window.location.reload();
    setError(reply.status === 401 ? t(field === 'code' ? 'wrongCode' : 'wrongToken') : reply.status === 429 ? limits('tooManyRequests') : forms('errors.unavailable'));
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor={id}>{t(field === 'code' ? 'codeLabel' : 'tokenLabel')}</label>
        <input
          id={id}
          {...(field === 'code'
            ? { type: 'text', autoComplete: 'one-time-code', autoCapitalize: 'characters', spellCheck: false, maxLength: 20, className: 'staff-pair__code' }
            : { type: 'password', autoComplete: 'current-password' })}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error ? (
          <p id={`${id}-error`} role="alert" className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {t(field === 'code' ? 'codeSignIn' : 'signIn')}
        </button>
      </div>
    </form>
  );
}

/** "Mark as used": one POST; the answer, also a refusal with the first use's time, is announced. */
export function RedeemButton({ id, signature, locale, timeZone }: { id: string; signature: string; locale: string; timeZone: string }) {
  const t = useTranslations('promo.staff');
  const forms = useTranslations('forms');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const redeem = async () => {
    setBusy(true);
    const { body } = await send('/api/promo/redeem', redeemAnswer, { body: { id, s: signature } });
    setBusy(false);
    if (body?.result === 'used' && body.usedAt) setMessage({ ok: true, text: t('used', { time: formatMoment(body.usedAt, locale, timeZone) }) });
    else if (body?.result === 'alreadyUsed' && body.usedAt) setMessage({ ok: false, text: t('alreadyUsed', { time: formatMoment(body.usedAt, locale, timeZone) }) });
    else if (body?.result === 'expired') setMessage({ ok: false, text: t('expired') });
    else setMessage({ ok: false, text: forms('errors.unavailable') });
  };
  return (
    <div className="promo-redeem">
      {message?.ok ? null : (
        <button type="button" className="button button--large" onClick={redeem} disabled={busy}>
          {t('markUsed')}
        </button>
      )}
      <p role="status" className={message && !message.ok ? 'field__error' : 'promo-redeem__done'}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}
