'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { fidelityLookupSchema } from '@/lib/forms/fidelity';
import type { Locale } from '@/lib/i18n/locales';
import { TextField } from '@/components/forms/text-field';
import type { FormMessages } from '@/components/forms/types';

type Props = {
  locale: Locale;
  text: FormMessages & { labels: Record<string, string>; submit: string; sentTitle: string; sentText: string };
};

/** The membership look-up: the same neutral answer whatever the address (docs/fidelity.md). */
export function LookupForm({ locale, text }: Props) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const { register, handleSubmit, formState: { errors, isSubmitting } } = useForm<z.input<typeof fidelityLookupSchema>, unknown, z.output<typeof fidelityLookupSchema>>({
    resolver: zodResolver(fidelityLookupSchema),
    defaultValues: { email: '' },
  });

  if (sentTo) {
    return (
      <div className="message-panel" role="status">
        <h2>{text.sentTitle}</h2>
        <p>{text.sentText.replace('{email}', sentTo)}</p>
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
        const response = await fetch('/api/fidelity/lookup', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, language: locale }),
        }).catch(() => null);
        if (response?.ok) return setSentTo(email);
        const body = response ? await response.json().catch(() => ({})) : {};
        setFailed(!response || body.error === 'unavailable' ? 'unavailable' : body.error === 'rateLimited' ? 'rateLimited' : 'generic');
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
