'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { formErrors } from '@/components/forms/form-errors';
import { fidelityResolver } from '@/lib/forms/client-rules';
import type { FidelityData, FidelityInput } from '@/lib/forms/fidelity';
import { fidelityFields, type FidelityField } from '@/lib/forms/fidelity-fields';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { TextField } from '@/components/forms/text-field';
import { PhoneField, type PrefixOption } from '@/components/forms/phone-field';
import { BirthdayField } from '@/components/forms/birthday-field';
import { ConsentField } from '@/components/forms/consent-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { fieldId, type FormMessages } from '@/components/forms/types';

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
    const response = await fetch('/api/fidelity', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...values, language: locale }),
    }).catch(() => null);
    const body = (response ? await response.json().catch(() => ({})) : {}) as { outcome?: string; error?: string; fieldErrors?: Record<string, string> };
    // Nothing reached the backend (the site or its backend is down): the form keeps what was typed.
    if (!response || body.error === 'unavailable' || body.error === 'rateLimited') {
      setUnavailable(body.error === 'rateLimited' ? 'rateLimited' : 'unavailable');
      setSubmitting(false);
      return;
    }
    if (response.status === 400 && body.fieldErrors) {
      const names = fidelityFields.filter((f) => body.fieldErrors![f]);
      for (const f of names) setError(f, { type: 'server', message: body.fieldErrors[f] });
      if (names[0]) document.getElementById(fieldId(FORM_ID, names[0]))?.focus();
      setSubmitting(false);
      return;
    }
    const outcome = body.outcome ?? 'generic';
    setDone(true);
    const path = outcome === 'success' ? '/frontpage/fidelity/success' : `/frontpage/fidelity/error/${outcome}`;
    router.push(localizedPath(locale, path));
  };

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <ErrorSummary ref={summaryRef} formId={FORM_ID} title={text.summaryTitle} text={text.summaryText} errors={summary} />
      <div className="form__row">
        <TextField formId={FORM_ID} registration={register('nome')} label={text.labels.firstName} autoComplete="given-name" error={message('nome')} requiredLabel={text.required} />
        <TextField formId={FORM_ID} registration={register('cognome')} label={text.labels.lastName} autoComplete="family-name" error={message('cognome')} requiredLabel={text.required} />
      </div>
      <TextField formId={FORM_ID} registration={register('email')} label={text.labels.email} type="email" inputMode="email" autoComplete="email" error={message('email')} requiredLabel={text.required} />
      <PhoneField
        formId={FORM_ID}
        legend={text.labels.phone}
        prefixLabel={text.labels.prefix}
        phoneLabel={text.labels.phone}
        prefixes={prefixes}
        prefix={register('prefisso')}
        phone={register('telefono')}
        prefixError={message('prefisso')}
        phoneError={message('telefono')}
        requiredLabel={text.required}
        locale={locale}
        country={country}
        defaultPrefix={defaultPrefix}
        searchLabel={text.labels.prefixSearch}
      />
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
      <ConsentField
        formId={FORM_ID}
        registration={register('privacy')}
        label={text.labels.privacy}
        requiredLabel={text.required}
        policyTitle={text.labels.privacyPolicy}
        policyText={text.policies.privacy}
        readPolicyLabel={text.readPolicy}
        closeLabel={text.close}
        error={message('privacy')}
      />
      <ConsentField
        formId={FORM_ID}
        registration={register('marketing')}
        label={text.labels.marketing}
        requiredLabel={text.required}
        hint={text.marketingMandatory}
        policyTitle={text.labels.marketingPolicy}
        policyText={text.policies.marketing}
        readPolicyLabel={text.readPolicy}
        closeLabel={text.close}
        error={message('marketing')}
      />
      <ConsentField
        formId={FORM_ID}
        registration={register('marketingSms')}
        label={text.labels.marketingSms}
        required={false}
        policyTitle={text.labels.marketingPolicy}
        policyText={text.policies.marketing}
        readPolicyLabel={text.readPolicy}
        closeLabel={text.close}
      />
      {unavailable ? (
        <p role="alert" className="field__error">
          {text.errors[unavailable] ?? text.errors.unavailable}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={submitting} aria-busy={submitting || undefined}>
          {submitting ? text.sending : text.submit}
        </button>
      </div>
    </form>
  );
}
