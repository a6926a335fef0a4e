'use client';

import { useId, useState } from 'react';
import { send } from '@/lib/api/client';
import { autoOffersAnswer } from '@/lib/api/answers/staff';
import { useTranslations } from 'next-intl';

/** The switch for automatic waiting-list offers (`staff/autooffers`). */
export function AutoOffers({ enabled, onChanged }: { enabled: boolean; onChanged: () => void }) {
  const t = useTranslations('staffArea');
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const toggle = async (next: boolean) => {
    setBusy(true);
    const reply = await send('/api/staff/autooffers', autoOffersAnswer, { body: { enabled: next } });
    setBusy(false);
    setFailed(!reply.body);
    onChanged();
  };
  return (
    <div className="field field--consent">
      <div className="field__check">
        <input id={id} type="checkbox" checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
        <label htmlFor={id}>{t('offers.automatic')}</label>
      </div>
      {failed ? (
        <p role="alert" className="field__error">
          {t('unavailable')}
        </p>
      ) : null}
    </div>
  );
}
