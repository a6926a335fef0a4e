'use client';

import type { StaffBooking } from '@/lib/contract/staff';
import { formatMoney } from '@/lib/currency';
import { useTranslations } from 'next-intl';

/**
 * The no-show's own controls on a booking's card (issue 41): the question before it, naming the
 * fee it charges; the button, apart from "Arrived" and only once the guest is late (before, the
 * time from which it is offered); and how long the last mark can be undone.
 */

export const clock = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(iso));

/** The fee a no-show would charge, as the guest accepted it (server/payments/fee-amount.ts's `totalFeeCents`). */
export const noShowFeeCents = (b: StaffBooking) => (b.guarantee ? b.guarantee.feeCents * (b.guarantee.per === 'guest' ? b.covers : 1) : 0);

type Props = { b: StaffBooking; busy: boolean };

/** "Charge € 125 no-show fee to the guest's card?" (or, without a fee, "Mark … as a no-show?"): Confirm / Back. */
export function NoShowQuestion({ b, busy, locale, currency, onConfirm, onBack }: Props & { locale: string; currency: string; onConfirm: () => void; onBack: () => void }) {
  const t = useTranslations('staffArea');
  const cents = noShowFeeCents(b);
  return (
    <div className="staff-booking__note" role="group" aria-label={t('actions.noshow')}>
      <p>{cents > 0 ? t('noShow.chargeQuestion', { amount: formatMoney(cents, b.guarantee?.currency || currency, locale) }) : t('noShow.markQuestion', { name: b.name })}</p>
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {t('noShow.confirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={onBack}>
          {t('noShow.back')}
        </button>
      </div>
    </div>
  );
}

/** Below the common actions: until when the last mark can be undone, and "No-show" apart (or when it will be). */
export function NoShowApart({ b, busy, late, canUndo, fee, label, timeZone, onAsk }: Props & { late: boolean; canUndo: boolean; fee: string; label: string; timeZone: string; onAsk: () => void }) {
  const t = useTranslations('staffArea');
  const open = b.status === 'confirmed' && !b.attendance;
  return (
    <>
      {canUndo ? (
        <p className="staff-booking__hint">
          {t('undo.until', { time: clock(b.undoUntil, timeZone) })}
          {b.attendance === 'noshow' && b.fee?.status === 'succeeded' ? ` ${t('undo.refunds', { amount: fee })}` : ''}
        </p>
      ) : null}
      {open && late ? (
        <div className="actions staff-booking__apart">
          <button type="button" className="button button--ghost" disabled={busy} aria-label={`${t('actions.noshow')}: ${label}`} onClick={onAsk}>
            {t('actions.noshow')}
          </button>
        </div>
      ) : open && b.noShowFrom ? (
        <p className="staff-booking__hint">{t('noShow.from', { time: clock(b.noShowFrom, timeZone) })}</p>
      ) : null}
    </>
  );
}
