'use client';

import { useTranslations } from 'next-intl';

/**
 * "Security verification failed": the guest is invited to restart the booking (spec section 8).
 * After a payment (an experience's deposit) the page also offers to send the same booking again
 * with that payment (`paid`), so that restarting is not the only way on: a restart starts a second
 * payment while the first is held until the sweep refunds it (docs/payments.md).
 */
export function BotFailed({ headingRef, onRestart, paid }: { headingRef: React.RefObject<HTMLHeadingElement | null>; onRestart: () => void; paid?: { text: string; onRetry: () => void } }) {
  const t = useTranslations('reserve');
  return (
    <section aria-labelledby="bot-failed" className="message-panel message-panel--error">
      <h2 id="bot-failed" ref={headingRef} tabIndex={-1}>
        {t('botcheck.failedTitle')}
      </h2>
      <p>{paid ? paid.text : t('botcheck.failedText')}</p>
      <div className="actions">
        {paid ? (
          <button type="button" className="button" onClick={paid.onRetry}>
            {t('botcheck.retryPaid')}
          </button>
        ) : null}
        <button type="button" className={paid ? 'button button--ghost' : 'button'} onClick={onRestart}>
          {t('botcheck.restart')}
        </button>
      </div>
    </section>
  );
}
