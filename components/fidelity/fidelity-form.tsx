'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { formErrors, showServerErrors } from '@/components/forms/form-errors';
import { fidelityResolver } from '@/lib/forms/client-rules';
import type { FidelityData, FidelityInput } from '@/lib/forms/fidelity';
import { fidelityFields, type FidelityField } from '@/lib/forms/fidelity-fields';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { type PrefixOption } from '@/components/forms/phone-field';
import { BirthdayField } from '@/components/forms/birthday-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { fieldId, type FormMessages } from '@/components/forms/types';
import { ContactFields, ConsentFields } from '@/components/forms/guest-fields';
import { FormSubmit } from '@/components/forms/form-submit';
import { send } from '@/lib/api/client';
import { signUpAnswer } from '@/lib/api/answers/fidelity';

export type FidelityFormText = FormMessages & {
  labels: Record<string, string>;
  submit: string;
  policies: { privacy: string; marketing: string };
  /** "Marketing acceptance is mandatory to complete the registration." */
  marketingMandatory?: string;
};

type Props = {
  locale: Locale;
  text: FidelityFormText;
  prefixes: PrefixOption[];
  defaultPrefix: string;
  /** The venue's country (ISO alpha-2). */
  country?: string;
  monthNames: string[];
};

const FORM_ID = 'fidelity';

/** Loyalty sign-up (spec sections 2, 3 and 5). Validated here and again on the server with the same schema. */
export function FidelityForm({ locale, text, prefixes, defaultPrefix, country, monthNames }: Props) {
  const router = useRouter();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [unavailable, setUnavailable] = useState<false | 'unavailable' | 'rateLimited'>(false);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty, submitCount },
  } = useForm<FidelityInput, unknown, FidelityData>({
    resolver: fidelityResolver(),
    defaultValues: {
      nome: '',
      cognome: '',
      email: '',
      prefisso: defaultPrefix,
      telefono: '',
      compleannoGiorno: '',
      compleannoMese: '',
      privacy: false,
      marketing: false,
      marketingSms: false,
    },
    shouldFocusError: true,
  });
  useUnsavedGuard(isDirty && !done, text.unsaved);

  const { message, summary, onInvalid } = formErrors<FidelityInput, FidelityField>(fidelityFields, errors, submitCount, (key) => text.errors[key] ?? text.errors.generic ?? key, setFocus);

  const onValid = async (values: FidelityData) => {
    setSubmitting(true);
    setUnavailable(false);
    const reply = await send('/api/fidelity', signUpAnswer, { body: { ...values, language: locale } });
    // Nothing reached the backend (the site or its backend is down): the form keeps what was typed.
    if (reply.error === 'unavailable' || reply.error === 'rateLimited') {
      setUnavailable(reply.error);
      setSubmitting(false);
      return;
    }
    if (reply.status === 400 && Object.keys(reply.fieldErrors).length) {
      const names = showServerErrors(fidelityFields, reply.fieldErrors, setError);
      if (names[0]) document.getElementById(fieldId(FORM_ID, names[0]))?.focus();
      setSubmitting(false);
      return;
    }
    const outcome = reply.body?.outcome ?? 'generic';
    setDone(true);
    const path = outcome === 'success' ? '/frontpage/fidelity/success' : `/frontpage/fidelity/error/${outcome}`;
    router.push(localizedPath(locale, path));
  };

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <ErrorSummary ref={summaryRef} formId={FORM_ID} title={text.summaryTitle} text={text.summaryText} errors={summary} />
      <ContactFields formId={FORM_ID} text={text} message={message} register={{ nome: register('nome'), cognome: register('cognome'), email: register('email'), prefisso: register('prefisso'), telefono: register('telefono') }} phone={{ prefixes, locale, country, defaultPrefix }} />
      <BirthdayField
        formId={FORM_ID}
        legend={text.labels.birthday}
        dayLabel={text.labels.birthDay}
        monthLabel={text.labels.birthMonth}
        monthNames={monthNames}
        placeholder={text.selectPlaceholder}
        day={register('compleannoGiorno')}
        month={register('compleannoMese')}
        dayError={message('compleannoGiorno')}
        monthError={message('compleannoMese')}
        requiredLabel={text.required}
      />
      <ConsentFields
        formId={FORM_ID}
        text={text}
        message={message}
        register={{ privacy: register('privacy'), marketing: register('marketing'), marketingSms: register('marketingSms') }}
        policies={text.policies}
        marketing={{ required: true, hint: text.marketingMandatory }}
      />
      <FormSubmit notice={unavailable ? (text.errors[unavailable] ?? text.errors.unavailable) : null} busy={submitting} label={text.submit} busyLabel={text.sending} />
    </form>
  );
}
