'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { send } from '@/lib/api/client';
import { pairingAnswer } from '@/lib/api/answers/staff';

/**
 * "Pair a phone" (issue 44): a short code (`ABCD EFGH`, 5 minutes, single use) that signs
 * another device in as this venue on its sign-in page (`POST /api/staff/pairing`).
 */
export function PairDevice({ locale }: { locale: string }) {
  const t = useTranslations('staffArea.pair');
  const [pairing, setPairing] = useState<{ code: string; expiresAt: string } | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const make = async () => {
    setBusy(true);
    const { body } = await send('/api/staff/pairing', pairingAnswer, { method: 'POST' });
    setBusy(false);
    setFailed(!body);
    setPairing(body ?? null);
  };
  const until = pairing ? new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(pairing.expiresAt)) : '';
  return (
    <div className="staff-pair">
      <button type="button" className="button button--ghost" onClick={make} disabled={busy}>
        {pairing ? t('again') : t('button')}
      </button>
      <div role="status">
        {pairing ? (
          <>
            <p>{t('text')}</p>
            <p>
              {t('codeLabel')}: <strong className="staff-pair__code">{pairing.code}</strong>
            </p>
            <p>{t('validUntil', { time: until })}</p>
          </>
        ) : failed ? (
          <p className="field__error">{t('failed')}</p>
        ) : null}
      </div>
    </div>
  );
}
