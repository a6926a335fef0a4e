'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { formErrors, showServerErrors } from '@/components/forms/form-errors';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { promoFields, type PromoField } from '@/lib/promo/fields';
import { type PrefixOption } from '@/components/forms/phone-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { fieldId, type FormMessages } from '@/components/forms/types';
import type { PromoState } from '@/lib/promo/state';
import { writeSession } from '@/components/reservation/session';
import { PROMO_DUPLICATE_KEY } from './resend-code';
import { EMAIL, hasPhoneDigits } from '@/lib/forms/shapes';
import { GuestFields } from '@/components/forms/guest-fields';
import { FormSubmit } from '@/components/forms/form-submit';
import { send } from '@/lib/api/client';
import { requestAnswer } from '@/lib/api/answers/promo';

export type PromoFormText = FormMessages & {
  labels: Record<string, string>;
  submit: string;
  rateLimited: string;
  /** Said before the guest sends: this promotion needs the marketing consent. */
  marketingHint: string;
  policies: { privacy: string; marketing: string };
};

type Values = { nome: string; cognome: string; email: string; prefisso: string; telefono: string; privacy: boolean; marketing: boolean; marketingSms: boolean };

type Props = {
  locale: Locale;
  urlName: string;
  text: PromoFormText;
  prefixes: PrefixOption[];
  defaultPrefix: string;
  country?: string;
  /** The promotion changed state while the form was open: the page shows it. */
  onState: (state: PromoState) => void;
};

const FORM_ID = 'promo';

/**
 * "Download the promo" (issue 16). The browser checks the rules of lib/forms/promo.ts with
 * react-hook-form's own rules (no zod in the guest's bundle); the server checks them again
 * with the schema, including the phone number against its prefix, and its field errors
 * are shown the same way.
 */
export function PromoForm({ locale, urlName, text, prefixes, defaultPrefix, country, onState }: Props) {
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isDirty, submitCount },
  } = useForm<Values>({
    defaultValues: { nome: '', cognome: '', email: '', prefisso: defaultPrefix, telefono: '', privacy: false, marketing: false, marketingSms: false },
    shouldFocusError: true,
  });
  useUnsavedGuard(isDirty && !done, text.unsaved);

  const required = (key: string) => ({ validate: (v: string | boolean) => (typeof v === 'string' ? v.trim().length > 0 : v) || key });
  const { message, summary, onInvalid } = formErrors<Values, PromoField>(promoFields, errors, submitCount, (key) => text.errors[key] ?? text.errors.generic ?? key, setFocus);

  const onValid = async (values: Values) => {
    setSubmitting(true);
    setNotice(null);
    const reply = await send('/api/promo/request', requestAnswer, { body: { ...values, urlName, language: locale } });
    setSubmitting(false);
    if (reply.error === 'unavailable') return setNotice(text.errors.unavailable);
    if (reply.error === 'rateLimited') return setNotice(text.rateLimited);
    if (reply.status === 400 && Object.keys(reply.fieldErrors).length) {
      const names = showServerErrors(promoFields, reply.fieldErrors, setError);
      if (names[0]) document.getElementById(fieldId(FORM_ID, names[0]))?.focus();
      return;
    }
    const { body } = reply;
    if (body && 'state' in body) return onState(body.state);
    setDone(true);
    const outcome = body?.outcome ?? 'error';
    if (outcome === 'duplicate') writeSession(PROMO_DUPLICATE_KEY, { urlName, email: values.email.trim() });
    const base = `/frontpage/promo/${encodeURIComponent(urlName)}`;
    const path = body?.outcome === 'confirm' ? `${base}/confirm?id=${encodeURIComponent(body.id)}` : `${base}/${outcome === 'duplicate' || outcome === 'disabled' ? outcome : 'error'}`;
    router.push(localizedPath(locale, path));
  };

  const email = { validate: (v: string) => (!v.trim() ? 'emailRequired' : EMAIL.test(v.trim()) ? true : 'emailInvalid') };
  const phone = { validate: (v: string) => (!v.trim() ? 'phoneRequired' : hasPhoneDigits(v) ? true : 'phoneInvalid') };

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <ErrorSummary formId={FORM_ID} title={text.summaryTitle} text={text.summaryText} errors={summary} />
      <GuestFields
        formId={FORM_ID}
        text={text}
        message={message}
        contact={{
          register: { nome: register('nome', required('nameRequired')), cognome: register('cognome', required('surnameRequired')), email: register('email', email), prefisso: register('prefisso', required('prefixRequired')), telefono: register('telefono', phone) },
          phone: { prefixes, locale, country, defaultPrefix },
        }}
        consents={{
          register: { privacy: register('privacy', required('privacyRequired')), marketing: register('marketing', required('promoMarketingRequired')), marketingSms: register('marketingSms') },
          policies: text.policies,
          marketing: { required: true, hint: text.marketingHint },
        }}
      />
      <FormSubmit notice={notice} busy={submitting} label={text.submit} busyLabel={text.sending} />
    </form>
  );
}
