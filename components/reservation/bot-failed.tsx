'use client';

import type { WizardSetup } from './types';

/** "Security verification failed": the guest is invited to restart the booking (spec section 8). */
export function BotFailed({ setup, headingRef, onRestart }: { setup: WizardSetup; headingRef: React.RefObject<HTMLHeadingElement | null>; onRestart: () => void }) {
  const { t } = setup;
  return (
    <section aria-labelledby="bot-failed" className="message-panel message-panel--error">
      <h2 id="bot-failed" ref={headingRef} tabIndex={-1}>
        {t['botcheck.failedTitle']}
      </h2>
      <p>{t['botcheck.failedText']}</p>
      <div className="actions">
        <button type="button" className="button" onClick={onRestart}>
          {t['botcheck.restart']}
        </button>
      </div>
    </section>
  );
}
