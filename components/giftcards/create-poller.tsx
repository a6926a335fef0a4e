'use client';

import { useEffect, useState } from 'react';
import { api } from '@/lib/api/client';
import { createAnswer } from '@/lib/api/answers/giftcards';

type Props = { fingerprint: string; paidPath: string; errorPath: string; slowText: string };

/**
 * The creation step: asks the server (which asks the payment provider) until the payment is
 * confirmed and the cards exist, then shows the confirmation; a failed payment shows the
 * creation error page. Asking again is harmless: the cards are created once.
 */
export function CreatePoller({ fingerprint, paidPath, errorPath, slowText }: Props) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    let stopped = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const result = await api('/api/giftcard/create', createAnswer, { fingerprint });
      if (stopped) return;
      const status = result.ok ? result.data.status : null;
      if (status === 'paid') return window.location.replace(paidPath);
      if (status === 'failed' || (!result.ok && result.status === 404)) return window.location.replace(errorPath);
      tries += 1;
      if (tries === 8) setSlow(true);
      timer = setTimeout(tick, Math.min(500 * tries, 5000));
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [fingerprint, paidPath, errorPath]);
  return slow ? <p role="status">{slowText}</p> : null;
}
