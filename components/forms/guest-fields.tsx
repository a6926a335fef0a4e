import type { ReactNode } from 'react';
import { TextField } from './text-field';
import { PhoneField, type PrefixOption } from './phone-field';
import { ConsentField } from './consent-field';
import type { Registration } from './types';

/** The words every guest form shares: `forms.labels` and the form kit's strings (components/forms/form-messages.ts). */
export type GuestFieldTexts = {
  labels: Record<string, string>;
  required: string;
  readPolicy: string;
  close: string;
};

type ContactName = 'nome' | 'cognome' | 'email' | 'prefisso' | 'telefono';
type ConsentName = 'privacy' | 'marketing' | 'marketingSms';

type Common<Name extends string> = {
  formId: string;
  text: GuestFieldTexts;
  /** The field's message once it is in error. */
  message: (name: Name) => string | undefined;
  /** The form's registration of a field (react-hook-form's `register`, or one that adds its rules). */
  register: (name: Name) => Registration;
};

/**
 * The guest's name, surname, e-mail and phone (prefix and number), as every form that asks for
 * them lays them out: booking details, experience bookings, loyalty sign-up, promo codes.
 */
export function ContactFields({ formId, text, message, register, phone }: Common<ContactName> & { phone: { prefixes: PrefixOption[]; locale: string; country?: string; defaultPrefix: string } }) {
  const { labels, required } = text;
  return (
    <>
      <div className="form__row">
        <TextField formId={formId} registration={register('nome')} label={labels.firstName} autoComplete="given-name" error={message('nome')} requiredLabel={required} />
        <TextField formId={formId} registration={register('cognome')} label={labels.lastName} autoComplete="family-name" error={message('cognome')} requiredLabel={required} />
      </div>
      <TextField formId={formId} registration={register('email')} label={labels.email} type="email" inputMode="email" autoComplete="email" error={message('email')} requiredLabel={required} />
      <PhoneField
        formId={formId}
        legend={labels.phone}
        prefixLabel={labels.prefix}
        phoneLabel={labels.phone}
        prefixes={phone.prefixes}
        prefix={register('prefisso')}
        phone={register('telefono')}
        prefixError={message('prefisso')}
        phoneError={message('telefono')}
        requiredLabel={required}
        locale={phone.locale}
        country={phone.country}
        defaultPrefix={phone.defaultPrefix}
        searchLabel={labels.prefixSearch}
      />
    </>
  );
}

/**
 * The three consents of every guest form (spec section 5): the privacy policy (required),
 * marketing by e-mail (required by loyalty and promotions, optional elsewhere: `marketing`) and
 * by SMS (optional), each with its policy a click away.
 */
export function ConsentFields({
  formId,
  text,
  message,
  register,
  policies,
  marketing,
}: Common<ConsentName> & { policies: { privacy: string; marketing: string }; marketing: { label?: string; required: boolean; hint?: string } }) {
  const { labels } = text;
  const policy = { readPolicyLabel: text.readPolicy, closeLabel: text.close };
  return (
    <>
      <ConsentField formId={formId} registration={register('privacy')} label={labels.privacy} requiredLabel={text.required} policyTitle={labels.privacyPolicy} policyText={policies.privacy} {...policy} error={message('privacy')} />
      <ConsentField
        formId={formId}
        registration={register('marketing')}
        label={marketing.label ?? labels.marketing}
        {...(marketing.required ? { requiredLabel: text.required, error: message('marketing') } : { required: false })}
        hint={marketing.hint}
        policyTitle={labels.marketingPolicy}
        policyText={policies.marketing}
        {...policy}
      />
      <ConsentField formId={formId} registration={register('marketingSms')} label={labels.marketingSms} required={false} policyTitle={labels.marketingPolicy} policyText={policies.marketing} {...policy} />
    </>
  );
}

/** Contact fields, then what the form asks in between (`children`: birthday, notes), then the consents. */
export function GuestFields({
  contact,
  consents,
  children,
  ...common
}: Common<ContactName | ConsentName> & {
  contact: Omit<Parameters<typeof ContactFields>[0], keyof Common<string>>;
  consents: Omit<Parameters<typeof ConsentFields>[0], keyof Common<string>>;
  children?: ReactNode;
}) {
  return (
    <>
      <ContactFields {...common} {...contact} />
      {children}
      <ConsentFields {...common} {...consents} />
    </>
  );
}
