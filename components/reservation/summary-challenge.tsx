'use client';

import { useState } from 'react';
import { Challenge } from '@/components/botcheck/challenge';
import { useTranslations } from 'next-intl';
import type { WizardSetup } from './types';

/**
 * The summary's visible bot challenge (the table wizard and the experience form): ticking it
 * sends the booking again with the v2 token; a refusal other than "unsure" shows under it.
 */
export function SummaryChallenge({ setup, submit, errorText }: { setup: WizardSetup; submit: (token: string) => Promise<string | null>; errorText: (code: string) => string }) {
  const t = useTranslations('reserve');
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <Challenge
        config={setup.botcheck}
        title={t('botcheck.title')}
        intro={t('botcheck.intro')}
        checkboxLabel={t('botcheck.checkbox')}
        testModeLabel={t('botcheck.testMode')}
        onToken={(token) => {
          setError(null);
          void submit(token).then(setError);
        }}
      />
      {error && error !== 'botcheckUnsure' ? (
        <p role="alert" className="field__error">
          {errorText(error)}
        </p>
      ) : null}
    </>
  );
}
