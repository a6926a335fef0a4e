'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { checkLookup, rulesResolver } from '@/lib/forms/client-rules';
import type { Locale } from '@/lib/i18n/locales';
import { TextField } from '@/components/forms/text-field';
import type { FormLabels, FormMessages } from '@/components/forms/types';
import { send } from '@/lib/api/client';
import { lookupAnswer } from '@/lib/api/answers/fidelity';
import { fill } from '@/lib/i18n/fill';

type Props = {
  locale: Locale;
  text: FormMessages & { labels: FormLabels; submit: string; sentTitle: string; sentText: string };
};

/** The membership look-up: the same neutral answer whatever the address (docs/fidelity.md). */
export function LookupForm({ locale, text }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<{ email: string }, unknown, { email: string }>({
    resolver: rulesResolver(checkLookup),
    defaultValues: { email: '' },
  });

  if (sentTo) {
    return (
      <div className="message-panel" role="status">
        <h2>{text.sentTitle}</h2>
        <p>{fill(text.sentText, { email: sentTo })}</p>
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
        label={text.labels.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={error ? (text.errors[error] ?? error) : undefined}
        requiredLabel={text.required}
      />
      {failed ? <p role="alert" className="field__error">{text.errors[failed] ?? text.errors.generic}</p> : null}
      <div className="actions">
        <button type="submit" className="button" disabled={isSubmitting}>
          {isSubmitting ? text.sending : text.submit}
        </button>
      </div>
    </form>
  );
}
