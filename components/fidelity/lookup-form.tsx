'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkLookup, rulesResolver } from '@/lib/forms/client-rules';
import type { Locale } from '@/lib/i18n/locales';
import { TextField } from '@/components/forms/text-field';
import { useTranslations } from 'next-intl';
import { useFormTexts } from '@/components/forms/texts';
import { send } from '@/lib/api/client';
import { lookupAnswer } from '@/lib/api/answers/fidelity';

type Props = { locale: Locale };

/** The membership look-up: the same neutral answer whatever the address (docs/fidelity.md). */
export function LookupForm({ locale }: Props) {
  const t = useTranslations('fidelity.lookup');
  const { t: forms, errorOf } = useFormTexts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<{ email: string }, unknown, { email: string }>({
    resolver: rulesResolver(checkLookup),
    defaultValues: { email: '' },
  });

  if (sentTo) {
    return (
      <div className="message-panel" role="status">
        <h2>{t('sentTitle')}</h2>
        <p>{t('sentText', { email: sentTo })}</p>
      </div>
    );
  }

  const error = errors.email?.message;
  return (
    <form
      id="fidelity-lookup"
      className="form"
      noValidate
      onSubmit={handleSubmit(async ({ email }) => {
        setFailed(null);
        const reply = await send('/api/fidelity/lookup', lookupAnswer, { body: { email, language: locale } });
        if (reply.body) return setSentTo(email);
        setFailed(reply.error === 'unavailable' || reply.error === 'rateLimited' ? reply.error : 'generic');
      })}
    >
      <TextField
        formId="fidelity-lookup"
        registration={register('email')}
        label={forms('labels.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={error ? (errorOf(error) ?? error) : undefined}
        requiredLabel={forms('required')}
      />
      {failed ? <p role="alert" className="field__error">{errorOf(failed) ?? forms('errors.generic')}</p> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? forms('sending') : t('submit')}
        </button>
      </div>
    </form>
  );
}
