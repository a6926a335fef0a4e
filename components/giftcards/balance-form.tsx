'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations, type Messages } from 'next-intl';
import { formatMoney } from '@/lib/currency';
import { formatDay } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { api } from '@/lib/api/client';
import { balanceAnswer } from '@/lib/api/answers/giftcards';
import { colon } from '@/lib/i18n/colon';

type GiftcardError = keyof Messages['giftcards']['errors'];

/** The card holder's balance: a code in, the balance out (server-side rate limit on guesses). */
export function BalanceForm({ locale, currency }: { locale: Locale; currency: string }) {
  const t = useTranslations('giftcards');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<{ balance: number; validUntil: string; expired: boolean; test: boolean } | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    const result = await api('/api/giftcard/balance', balanceAnswer, { code });
    setBusy(false);
    if (result.ok) return setResult(result.data);
    const key = result.fieldErrors.code ?? (result.status === 429 ? 'tooMany' : 'unavailable');
    setError(t.has(`errors.${key}` as never) ? t(`errors.${key as GiftcardError}`, { min: '', max: '' }) : t('errors.unavailable'));
  };
  return (
    <form className="form" noValidate onSubmit={onSubmit}>
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <label htmlFor="giftcard-balance-code">{t('balance.code')}</label>
        <input id="giftcard-balance-code" name="code" autoComplete="off" autoCapitalize="characters" spellCheck={false} value={code} onChange={(e) => setCode(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'giftcard-balance-error' : undefined} />
        {error ? (
          <p id="giftcard-balance-error" className="field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {t('balance.submit')}
        </button>
      </div>
      <div role="status">
        {result?.test ? <p className="badge badge--test">{t('print.testNoValue')}</p> : null}
        {result ? (
          <p>
            {t('balance.balance')}{colon(locale)}<strong>{formatMoney(result.balance, currency, locale)}</strong> — {result.expired ? t('balance.expired') : `${t('balance.validUntil')} ${formatDay(result.validUntil, locale)}`}
          </p>
        ) : null}
      </div>
    </form>
  );
}
