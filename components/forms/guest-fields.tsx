import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { TextField } from './text-field';
import { PhoneField, type PrefixOption } from './phone-field';
import { ConsentField } from './consent-field';
import type { Registration } from './types';

type ContactName = 'nome' | 'cognome' | 'email' | 'prefisso' | 'telefono';
type ConsentName = 'privacy' | 'marketing' | 'marketingSms';

/** The guest fields read their words themselves (`forms`, through next-intl). */
type Common<Name extends string> = {
  formId: string;
  /** The field's message once it is in error. */
  message: (name: Name) => string | undefined;
  /** The form's registration of a field (react-hook-form's `register`, or one that adds its rules). */
  register: (name: Name) => Registration;
};

type PersonPart = 'first' | 'last' | 'email' | 'prefix' | 'phone';

type PersonProps = {
  formId: string;
  /** Each part's registration and error message, under the form's own field names. */
  field: (part: PersonPart) => { registration: Registration; error?: string };
  labels: { first: string; last: string; email: string; phone: string; prefix: string; prefixSearch?: string };
  phone: { prefixes: PrefixOption[]; locale: string; country?: string; defaultPrefix: string; required: boolean };
  requiredLabel: string;
  /** Said beside a phone that may stay empty (`phone.required` false). */
  optionalLabel?: string;
  /** The gift card checkout's order (spec section 2): the mobile before the e-mail. */
  phoneFirst?: boolean;
  /** Someone else's details (a gift's recipient): the browser offers no autofill of the guest's own. */
  someoneElse?: boolean;
};

/**
 * A person's first name and last name side by side, their e-mail and their phone (prefix and
 * number): the one layout of every form that asks for them, the guest's own (booking details,
 * experience bookings, loyalty sign-up, promo codes, a gift card's buyer) and a gift's recipient.
 */
export function PersonFields({ formId, field, labels, phone, requiredLabel, optionalLabel, phoneFirst = false, someoneElse = false }: PersonProps) {
  const [first, last, email, prefix, number] = (['first', 'last', 'email', 'prefix', 'phone'] as const).map(field);
  const emailField = <TextField formId={formId} registration={email.registration} label={labels.email} type="email" inputMode="email" autoComplete={someoneElse ? 'off' : 'email'} error={email.error} requiredLabel={requiredLabel} />;
  const phoneField = (
    <PhoneField
      formId={formId}
      legend={labels.phone}
      prefixLabel={labels.prefix}
      phoneLabel={labels.phone}
      prefixes={phone.prefixes}
      prefix={prefix.registration}
      phone={number.registration}
      prefixError={prefix.error}
      phoneError={number.error}
      requiredLabel={phone.required ? requiredLabel : (optionalLabel ?? requiredLabel)}
      required={phone.required}
      locale={phone.locale}
      country={phone.country}
      defaultPrefix={phone.defaultPrefix}
      searchLabel={labels.prefixSearch}
    />
  );
  return (
    <>
      <div className="form__row">
        <TextField formId={formId} registration={first.registration} label={labels.first} autoComplete={someoneElse ? 'off' : 'given-name'} error={first.error} requiredLabel={requiredLabel} />
        <TextField formId={formId} registration={last.registration} label={labels.last} autoComplete={someoneElse ? 'off' : 'family-name'} error={last.error} requiredLabel={requiredLabel} />
      </div>
      {phoneFirst ? phoneField : emailField}
      {phoneFirst ? emailField : phoneField}
    </>
  );
}

const CONTACT: Record<PersonPart, ContactName> = { first: 'nome', last: 'cognome', email: 'email', prefix: 'prefisso', phone: 'telefono' };

/** The guest's own contact fields under the contract's names (`nome`, `cognome`, `email`, `prefisso`, `telefono`), all required. */
export function ContactFields({ formId, message, register, phone }: Common<ContactName> & { phone: { prefixes: PrefixOption[]; locale: string; country?: string; defaultPrefix: string } }) {
  const t = useTranslations('forms');
  return (
    <PersonFields
      formId={formId}
      field={(part) => ({ registration: register(CONTACT[part]), error: message(CONTACT[part]) })}
      labels={{ first: t('labels.firstName'), last: t('labels.lastName'), email: t('labels.email'), phone: t('labels.phone'), prefix: t('labels.prefix'), prefixSearch: t('labels.prefixSearch') }}
      phone={{ ...phone, required: true }}
      requiredLabel={t('required')}
    />
  );
}

/**
 * The three consents of every guest form (spec section 5): the privacy policy (required),
 * marketing by e-mail (required by loyalty and promotions, optional elsewhere: `marketing`) and
 * by SMS (optional), each with its policy a click away.
 */
export function ConsentFields({
  formId,
  message,
  register,
  policies,
  marketing,
}: Common<ConsentName> & { policies: { privacy: string; marketing: string }; marketing: { label?: string; required: boolean; hint?: string; /** The marketing policy's title, where the form names it its own way (the gift card checkout). */ policyTitle?: string } }) {
  const t = useTranslations('forms');
  // The phrase around a policy's title, as the language puts it ("Leggi l'{policy}", "{policy} lesen").
  const phrase = t('readPolicy', { policy: '{policy}' });
  const policy = { readPolicyLabel: phrase, closeLabel: t('close') };
  return (
    <>
      <ConsentField formId={formId} registration={register('privacy')} label={t('labels.privacy')} requiredLabel={t('required')} policyTitle={t('labels.privacyPolicy')} policyText={policies.privacy} {...policy} error={message('privacy')} />
      <ConsentField
        formId={formId}
        registration={register('marketing')}
        label={marketing.label ?? t('labels.marketing')}
        {...(marketing.required ? { requiredLabel: t('required'), error: message('marketing') } : { required: false })}
        hint={marketing.hint}
        policyTitle={marketing.policyTitle ?? t('labels.marketingPolicy')}
        policyText={policies.marketing}
        {...policy}
      />
      <ConsentField formId={formId} registration={register('marketingSms')} label={t('labels.marketingSms')} required={false} policyTitle={marketing.policyTitle ?? t('labels.marketingPolicy')} policyText={policies.marketing} {...policy} />
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
