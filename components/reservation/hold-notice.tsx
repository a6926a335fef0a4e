'use client';

import { useEffect, useState } from 'react';
import { useTranslations } from 'next-intl';

export type Hold = { token: string; expiresAt: string; date: string; time: string; zone: string; pax: number };

/** The hold's countdown; when it runs out the guest is told to choose a time again. */
export function HoldNotice({ hold, expired, date, time, zone, pax, onExpired }: { hold: Hold | null; expired: boolean; date: string; time: string; zone: string; pax: number; onExpired: () => void }) {
  const t = useTranslations('reserve');
  const mine = hold && hold.date === date && hold.time === time && hold.zone === zone && hold.pax === pax ? hold : null;
  const [left, setLeft] = useState<number | null>(null);
  useEffect(() => {
    if (!mine) return;
    const tick = () => setLeft(Math.max(0, Math.round((new Date(mine.expiresAt).getTime() - Date.now()) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [mine]);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  if (expired || (mine && left === 0)) return <p role="alert" className="notice notice--warning">{t('time.expired')}</p>;
  if (!mine || left === null) return null;
  const mm = String(Math.floor(left / 60));
  const ss = String(left % 60).padStart(2, '0');
  return (
    <p className="notice" role="timer" aria-live="off">
      {/* A duration, not a clock time: "noch 7:59 Min.", "encore 7 min 59" (issue 29). */}
      {t('time.held', { minutes: mm, seconds: ss })}
    </p>
  );
}
