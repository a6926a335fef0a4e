'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { readSession, writeSession } from './session';
import { LAST_RESERVATION_KEY } from './types';
import { api } from '@/lib/api/client';
import { codeAnswer, codeSentAnswer } from '@/lib/api/answers/reservation';

type Props = { hash: string; locale: Locale; expiresAt: string | null; attemptsLeft: number };

/**
 * The SMS code of a suspended booking: six digits; a wrong code says how many attempts are
 * left; the fifth wrong one, or an expired code, ends on `suspendedError`.
 */
export function SmsCodeForm({ hash, locale, expiresAt: initialExpiry, attemptsLeft }: Props) {
  const t = useTranslations('reserve');
  const limits = useTranslations('limits');
  const router = useRouter();
  const [code, setCode] = useState('');
  // A page reloaded after wrong codes still says how many attempts are left.
  const [error, setError] = useState<string | null>(attemptsLeft < 5 ? t('sms.wrong', { count: attemptsLeft }) : null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expiresAt, setExpiresAt] = useState(initialExpiry);
  const [left, setLeft] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!expiresAt) return;
    const tick = () => setLeft(Math.max(0, Math.round((new Date(expiresAt).getTime() - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setInfo(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('errors.codeInvalid'));
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await api('/api/reservation/code', codeAnswer, { hash, code: code.trim() });
    setBusy(false);
    const answer = result.ok ? result.data : null;
    if (answer && answer.outcome !== 'codeWrong') {
      const { outcome } = answer;
      // The outcome page shows the booking kept by the wizard: it is now confirmed (or awaits the venue).
      const last = readSession<{ hash?: string }>(LAST_RESERVATION_KEY);
      if (last?.hash === hash) writeSession(LAST_RESERVATION_KEY, { ...last, outcome });
      router.push(localizedPath(locale, `/reserve/${outcome}`));
      return;
    }
    setError(answer ? t('sms.wrong', { count: answer.attemptsLeft }) : !result.ok && result.error === 'tooManyAttempts' ? t('sms.tooManyAttempts') : t('errors.generic'));
    setCode('');
    inputRef.current?.focus();
  };

  const resend = async () => {
    setError(null);
    const result = await api('/api/reservation/code/resend', codeSentAnswer, { hash });
    if (result.ok) {
      setExpiresAt(result.data.expiresAt);
      setInfo(t('sms.resent'));
    } else if (result.error === 'notSuspended') {
      router.push(localizedPath(locale, '/reserve/suspendedError'));
    } else {
      setError(result.error === 'rateLimited' ? limits('tooManyRequests') : result.error === 'resendTooSoon' || result.error === 'resendLimit' || result.error === 'tooManyAttempts' ? t(`sms.${result.error}`) : t('errors.generic'));
    }
  };

  const mm = left === null ? '' : `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  return (
    <form className="form sms-form" noValidate onSubmit={submit}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor="sms-code">{t('sms.code')}</label>
        <input
          ref={inputRef}
          id="sms-code"
          name="code"
          type="text"
          className="sms-form__code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          aria-describedby={`sms-code-hint${error ? ' sms-code-error' : ''}`}
          aria-invalid={error ? true : undefined}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <p id="sms-code-hint" className="hint">
          {t('sms.hint')}
        </p>
        {error ? (
          <p id="sms-code-error" role="alert" className="field__error">
            {error}
          </p>
        ) : null}
      </div>
      {info ? <p role="status">{info}</p> : null}
      {expiresAt && left !== null ? (
        <p className="notice" role="timer" aria-live="off">
          {t('sms.expires', { time: mm })}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {t('sms.submit')}
        </button>
        <button type="button" className="button button--ghost" onClick={resend}>
          {t('sms.resend')}
        </button>
      </div>
    </form>
  );
}
