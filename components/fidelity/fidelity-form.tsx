'use client';

import { useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useGuestForm } from '@/components/forms/use-guest-form';
import { fidelityResolver } from '@/lib/forms/client-rules';
import type { FidelityData, FidelityInput } from '@/lib/forms/fidelity';
import { fidelityFields, type FidelityField } from '@/lib/forms/fidelity-fields';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { type PrefixOption } from '@/components/forms/phone-field';
import { BirthdayField } from '@/components/forms/birthday-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useTranslations } from 'next-intl';
import { useFormTexts } from '@/components/forms/texts';
import { ContactFields, ConsentFields } from '@/components/forms/guest-fields';
import { FormSubmit } from '@/components/forms/form-submit';
import { send } from '@/lib/api/client';
import { signUpAnswer } from '@/lib/api/answers/fidelity';

type Props = {
  locale: Locale;
  /** The venue's privacy and marketing policies, in the guest's language. */
  policies: { privacy: string; marketing: string };
  prefixes: PrefixOption[];
  defaultPrefix: string;
  /** The venue's country (ISO alpha-2). */
  country?: string;
  monthNames: string[];
};

const FORM_ID = 'fidelity';

/** Loyalty sign-up (spec sections 2, 3 and 5). Validated here and again on the server with the same schema. */
export function FidelityForm({ locale, policies, prefixes, defaultPrefix, country, monthNames }: Props) {
  const t = useTranslations('fidelity');
  const { t: forms, errorOf } = useFormTexts();
  const router = useRouter();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [unavailable, setUnavailable] = useState<false | 'unavailable' | 'rateLimited'>(false);
  const { register, message, summary, onSubmit, showRefusal } = useGuestForm<FidelityInput, FidelityData, FidelityField>({
    formId: FORM_ID,
    fields: fidelityFields,
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
    errorText: (key) => errorOf(key) ?? forms('errors.generic'),
    unsaved: forms('unsaved'),
    done,
  });

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
    if (reply.status === 400 && showRefusal(reply.fieldErrors)) {
      setSubmitting(false);
      return;
    }
    const outcome = reply.body?.outcome ?? 'generic';
    setDone(true);
    const path = outcome === 'success' ? '/frontpage/fidelity/success' : `/frontpage/fidelity/error/${outcome}`;
    router.push(localizedPath(locale, path));
  };

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={onSubmit(onValid)}>
      <ErrorSummary ref={summaryRef} formId={FORM_ID} title={forms('summaryTitle')} text={forms('summaryText')} errors={summary} />
      <ContactFields formId={FORM_ID} message={message} register={register} phone={{ prefixes, locale, country, defaultPrefix }} />
      <BirthdayField formId={FORM_ID} legend={forms('labels.birthday')} monthNames={monthNames} register={register} message={message} />
      <ConsentFields formId={FORM_ID} message={message} register={register} policies={policies} marketing={{ required: true, hint: forms('marketingMandatory') }} />
      <FormSubmit notice={unavailable ? (errorOf(unavailable) ?? forms('errors.unavailable')) : null} busy={submitting} label={t('submit')} busyLabel={forms('sending')} />
    </form>
  );
}
