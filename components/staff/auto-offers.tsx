'use client';

import { useId, useState } from 'react';
import type { SheetText } from './types';

/** The switch for automatic waiting-list offers (`staff/autooffers`). */
export function AutoOffers({ enabled, text, onChanged }: { enabled: boolean; text: SheetText; onChanged: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const toggle = async (next: boolean) => {
    setBusy(true);
    const response = await fetch('/api/staff/autooffers', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ enabled: next }) }).catch(() => null);
    setBusy(false);
    setFailed(!response?.ok);
    onChanged();
  };
  return (
    <div className="field field--consent">
      <div className="field__check">
        <input id={id} type="checkbox" checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
        <label htmlFor={id}>{text.offers.automatic}</label>
      </div>
      {failed ? (
        <p role="alert" className="field__error">
          {text.unavailable}
        </p>
      ) : null}
    </div>
  );
}
