'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useGuestForm } from '@/components/forms/use-guest-form';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { promoFields, type PromoField } from '@/lib/promo/fields';
import { type PrefixOption } from '@/components/forms/phone-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { useTranslations } from 'next-intl';
import { useFormTexts } from '@/components/forms/texts';
import type { PromoState } from '@/lib/promo/state';
import { writeSession } from '@/components/reservation/session';
import { PROMO_DUPLICATE_KEY } from './resend-code';
import { promoResolver } from '@/lib/forms/client-rules';
import type { PromoRequestData, PromoRequestInput } from '@/lib/forms/promo';
import { GuestFields } from '@/components/forms/guest-fields';
import { FormSubmit } from '@/components/forms/form-submit';
import { send } from '@/lib/api/client';
import { requestAnswer } from '@/lib/api/answers/promo';

type Props = {
  locale: Locale;
  urlName: string;
  /** The venue's privacy and marketing policies, in the guest's language. */
  policies: { privacy: string; marketing: string };
  prefixes: PrefixOption[];
  defaultPrefix: string;
  country?: string;
  /** The promotion changed state while the form was open: the page shows it. */
  onState: (state: PromoState) => void;
};

const FORM_ID = 'promo';

/**
 * "Download the promo" (issue 16). The browser checks the rules of lib/forms/promo.ts with
 * their zod-free copy (`checkPromo`), the phone number against its prefix included; the
 * server checks them again with the schema, and its field errors are shown the same way.
 */
export function PromoForm({ locale, urlName, policies, prefixes, defaultPrefix, country, onState }: Props) {
  const t = useTranslations('promo');
  const { t: forms, errorOf } = useFormTexts();
  const router = useRouter();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { register, message, summary, onSubmit, showRefusal } = useGuestForm<PromoRequestInput, PromoRequestData, PromoField>({
    formId: FORM_ID,
    fields: promoFields,
    resolver: promoResolver(),
    defaultValues: { nome: '', cognome: '', email: '', prefisso: defaultPrefix, telefono: '', privacy: false, marketing: false, marketingSms: false },
    errorText: (key) => (key === 'promoMarketingRequired' ? t('marketingRequired') : (errorOf(key) ?? forms('errors.generic'))),
    unsaved: forms('unsaved'),
    done,
  });

  const onValid = async (values: PromoRequestData) => {
    setSubmitting(true);
    setNotice(null);
    const reply = await send('/api/promo/request', requestAnswer, { body: { ...values, urlName, language: locale } });
    setSubmitting(false);
    if (reply.error === 'unavailable') return setNotice(forms('errors.unavailable'));
    if (reply.error === 'rateLimited') return setNotice(t('rateLimited'));
    if (reply.status === 400 && showRefusal(reply.fieldErrors)) return;
    const { body } = reply;
    if (body && 'state' in body) return onState(body.state);
    setDone(true);
    const outcome = body?.outcome ?? 'error';
    if (outcome === 'duplicate') writeSession(PROMO_DUPLICATE_KEY, { urlName, email: values.email.trim() });
    const base = `/frontpage/promo/${encodeURIComponent(urlName)}`;
    const path = body?.outcome === 'confirm' ? `${base}/confirm?id=${encodeURIComponent(body.id)}` : `${base}/${outcome === 'duplicate' || outcome === 'disabled' ? outcome : 'error'}`;
    router.push(localizedPath(locale, path));
  };

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={onSubmit(onValid)}>
      <ErrorSummary formId={FORM_ID} title={forms('summaryTitle')} text={forms('summaryText')} errors={summary} />
      <GuestFields
        formId={FORM_ID}
        message={message}
        register={register}
        contact={{ phone: { prefixes, locale, country, defaultPrefix } }}
        consents={{ policies, marketing: { required: true, hint: t('resend.marketingHint') } }}
      />
      <FormSubmit notice={notice} busy={submitting} label={t('submit')} busyLabel={forms('sending')} />
    </form>
  );
}
