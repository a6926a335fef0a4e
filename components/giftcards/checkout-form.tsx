'use client';

import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { TextField } from '@/components/forms/text-field';
import type { PrefixOption } from '@/components/forms/phone-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FieldError } from '@/components/forms/field-error';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { changedFrom } from '@/components/forms/use-guest-form';
import { useTranslations, type Messages } from 'next-intl';
import { errorAria, errorId, fieldId, type Registration } from '@/components/forms/types';
import { formatMoney } from '@/lib/currency';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { ConsentFields, PersonFields } from '@/components/forms/guest-fields';
import { FormSubmit } from '@/components/forms/form-submit';
import { showServerErrors } from '@/components/forms/form-errors';
import { api } from '@/lib/api/client';
import { submitKeys } from '@/lib/api/submit-key';
import { checkoutAnswer } from '@/lib/api/answers/giftcards';

/** A card as the checkout needs it: title already in the guest's language, amounts in cents. */
export type CheckoutCard = { id: string; title: string; value: number; price: number; customMin: number | null; customMax: number | null; maxQuantity: number };


/** A refusal the checkout words itself (`giftcards.errors`), and a label of it (`giftcards.checkout`). */
type GiftcardError = keyof Messages['giftcards']['errors'];
type CheckoutLabel = keyof Messages['giftcards']['checkout'];

type Values = Record<(typeof FIELDS)[number], string> & { privacy: boolean; marketing: boolean; marketingSms: boolean };

/** Screen order: errors are listed and focused in this order (lib/forms/giftcard.ts checks them on the server). */
const FIELDS = ['id', 'customValue', 'quantity', 'firstName', 'lastName', 'email', 'prefix', 'mobile', 'birthDate', 'city', 'country', 'province', 'cap', 'recipient', 'recipientFirstName', 'recipientLastName', 'recipientEmail', 'recipientPrefix', 'recipientMobile', 'message', 'deliveryDate', 'paymentMethod'] as const;
const ORDER = [...FIELDS, 'privacy', 'marketing', 'marketingSms'] as const;
const BUYER = { first: 'firstName', last: 'lastName', email: 'email', prefix: 'prefix', phone: 'mobile' } as const;
const RECIPIENT = { first: 'recipientFirstName', last: 'recipientLastName', email: 'recipientEmail', prefix: 'recipientPrefix', phone: 'recipientMobile' } as const;
const FORM_ID = 'giftcard-checkout';

type Props = { locale: Locale; cards: CheckoutCard[]; currency: string; initial: Record<string, string>; prefixes: PrefixOption[]; country?: string; /** The venue's privacy and marketing policies, in the guest's language. */ policies: { privacy: string; marketing: string } };

/**
 * The gift card checkout (spec sections 2, 3 and 5). The server validates with the shared
 * zod schema and computes the amount; this form only shows its answer, so no validation
 * library is shipped to the browser.
 */
export function GiftcardCheckoutForm({ locale, cards, currency, initial, prefixes, country, policies }: Props) {
  const t = useTranslations('giftcards');
  const forms = useTranslations('forms');
  const summaryRef = useRef<HTMLDivElement>(null);
  const [submitting, setSubmitting] = useState(false);
  // The order's idempotency key: one per submit, the same for its retry.
  const [orderKey] = useState(submitKeys);
  /** Where to go once the checkout is accepted: set first, followed after the unsaved-form guard is off. */
  const [target, setTarget] = useState<string | null>(null);
  const done = target !== null;
  const [notice, setNotice] = useState<string | null>(null);
  const defaults = Object.fromEntries(FIELDS.map((f) => [f, initial[f] ?? ''])) as Record<(typeof FIELDS)[number], string>;
  const firstValues: Values = { ...defaults, recipient: defaults.recipient || 'me', paymentMethod: defaults.paymentMethod || 'card', quantity: defaults.quantity || '1', id: defaults.id || cards[0]?.id || '', privacy: false, marketing: initial.marketing === '1', marketingSms: initial.marketingSms === '1' };
  const {
    register: registerField,
    handleSubmit,
    setError,
    clearErrors,
    getValues,
    control,
    formState: { errors, isDirty },
  } = useForm<Values>({ defaultValues: firstValues });
  // The first values are in the server's HTML too (react-hook-form sets them only in the browser): the
  // form is hydrated when the guest reaches for it (components/forms/deferred.tsx). The prefixes are
  // the phone field's own (`defaultPrefix`).
  const register = (name: keyof Values): Registration => {
    const value = firstValues[name];
    if (typeof value === 'boolean') return { ...registerField(name), defaultChecked: value };
    return name === 'prefix' || name === 'recipientPrefix' ? registerField(name) : { ...registerField(name), defaultValue: value };
  };
  useUnsavedGuard((isDirty || changedFrom(firstValues, getValues())) && !done, forms('unsaved'));
  useEffect(() => {
    // Runs after the guard's effect has been cleaned up, so leaving for the payment asks nothing.
    if (target) window.location.assign(target);
  }, [target]);

  const [watchedId, watchedCustom, watchedQuantity, watchedRecipient] = useWatch({ control, name: ['id', 'customValue', 'quantity', 'recipient'] });
  const card = cards.find((c) => c.id === watchedId) ?? cards[0];
  const custom = Number((watchedCustom || '').replace(',', '.'));
  const quantity = Math.max(1, Math.floor(Number(watchedQuantity) || 1));
  const customTyped = Boolean(card && card.customMin !== null && (watchedCustom || '').trim());
  const customOk = card && card.customMin !== null && Number.isFinite(custom) && custom > 0;
  // Out of the card's range: said under the field as it is typed, and no total is shown for it (issue 29).
  const outOfRange = Boolean(customTyped && card && card.customMin !== null && card.customMax !== null && (!customOk || Math.round(custom * 100) < card.customMin || Math.round(custom * 100) > card.customMax));
  // A free-amount card has no price of its own until the amount is typed (issue 45: it is required, never a default).
  const noAmount = Boolean(card && card.customMin !== null && !customOk);
  const unitValue = card ? (customOk ? Math.round(custom * 100) : card.value) : 0;
  const unitPrice = card ? (customOk ? Math.round((unitValue * card.price) / card.value) : card.price) : 0;
  const fmt = (cents: number) => formatMoney(cents, currency, locale);
  const toOther = watchedRecipient === 'other';

  const message = (name: string) => {
    const key = errors[name as keyof Values]?.message ?? (name === 'customValue' && outOfRange ? 'amountRange' : undefined);
    if (!key) return undefined;
    const vars: Record<string, string> = { min: card?.customMin != null ? fmt(card.customMin) : '', max: name === 'quantity' ? String(card?.maxQuantity ?? '') : card?.customMax != null ? fmt(card.customMax) : '' };
    return t.has(`errors.${key}` as never) ? t(`errors.${key as GiftcardError}`, vars) : t('errors.required');
  };
  const summary = ORDER.filter((f) => errors[f]).map((f) => ({ name: f, message: message(f)! }));

  const onSubmit = async (values: Values) => {
    setSubmitting(true);
    setNotice(null);
    clearErrors();
    const order = { ...values, language: locale };
    const result = await api('/api/giftcard/checkout', checkoutAnswer, { ...order, idempotencyKey: orderKey(order) });
    if (result.ok) {
      setTarget(localizedPath(locale, `/frontpage/giftcard/${result.data.provider}/${result.data.fingerprint}`));
      return;
    }
    setSubmitting(false);
    if (result.status === 400 && showServerErrors(ORDER, result.fieldErrors, setError).length) {
      // The summary takes the focus, and lists every invalid field with a link to it.
      requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${FORM_ID} .error-summary`)?.focus());
      return;
    }
    const key = result.error === 'unavailable' || result.error === 'generic' ? 'unavailable' : result.status === 429 ? 'tooMany' : result.error;
    setNotice(t.has(`errors.${key}` as never) ? t(`errors.${key as GiftcardError}`, { min: '', max: '' }) : t('errors.paymentInit'));
  };

  const L = (key: CheckoutLabel) => t(`checkout.${key}`);
  // The buyer and the recipient, as the spec lists them: names, then the mobile (optional), then the e-mail.
  const person = { formId: FORM_ID, requiredLabel: forms('required'), optionalLabel: forms('optional'), phoneFirst: true, phone: { prefixes, locale, country, required: false } };
  const optionalInput = (name: 'customValue' | 'message' | 'deliveryDate', label: string, hint?: string, required = false) => (
    <div className={`field${message(name) ? ' field--invalid' : ''}`}>
      <label htmlFor={fieldId(FORM_ID, name)}>
        {label} <span className="field__required">({required ? forms('required') : forms('optional')})</span>
      </label>
      {name === 'message' ? (
        <textarea id={fieldId(FORM_ID, name)} rows={3} maxLength={500} {...errorAria(FORM_ID, name, message(name))} {...register(name)} />
      ) : (
        <input id={fieldId(FORM_ID, name)} inputMode="decimal" placeholder={hint} {...errorAria(FORM_ID, name, message(name), `${FORM_ID}-${name}-hint`)} {...register(name)} />
      )}
      {name === 'deliveryDate' ? (
        <p id={`${FORM_ID}-deliveryDate-hint`} className="field__hint">
          {L('deliveryDateHint')}
        </p>
      ) : null}
      {name === 'customValue' ? (
        <p id={`${FORM_ID}-customValue-hint`} className="field__hint">
          {t('customValueHint', { min: card?.customMin != null ? fmt(card.customMin) : '', max: card?.customMax != null ? fmt(card.customMax) : '' })}
        </p>
      ) : null}
      <FieldError id={errorId(FORM_ID, name)} message={message(name)} />
    </div>
  );
  const radio = (name: 'recipient' | 'paymentMethod', legend: string, options: [string, string][]) => (
    <fieldset className={`field field--group${errors[name] ? ' field--invalid' : ''}`} id={fieldId(FORM_ID, name)} tabIndex={-1}>
      <legend>
        {legend} <span className="field__required">({forms('required')})</span>
      </legend>
      {options.map(([value, label]) => (
        <div key={value} className="field__check">
          <input id={fieldId(FORM_ID, `${name}-${value}`)} type="radio" value={value} {...registerField(name)} defaultChecked={firstValues[name] === value} />
          <label htmlFor={fieldId(FORM_ID, `${name}-${value}`)}>{label}</label>
        </div>
      ))}
      <FieldError id={errorId(FORM_ID, name)} message={message(name)} />
    </fieldset>
  );

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <ErrorSummary ref={summaryRef} formId={FORM_ID} title={t('errors.summaryTitle')} text={t('errors.summaryText')} errors={summary} />

      <section aria-labelledby={`${FORM_ID}-summary`}>
        <h2 id={`${FORM_ID}-summary`}>{L('summaryTitle')}</h2>
        <div className={`field${errors.id ? ' field--invalid' : ''}`}>
          <label htmlFor={fieldId(FORM_ID, 'id')}>{L('chooseCard')}</label>
          <select id={fieldId(FORM_ID, 'id')} {...register('id')}>
            {cards.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          <FieldError id={errorId(FORM_ID, 'id')} message={message('id')} />
        </div>
        {card && card.customMin !== null && card.customMax !== null ? optionalInput('customValue', t('customValue'), undefined, true) : null}
        <div className={`field${errors.quantity ? ' field--invalid' : ''}`}>
          <label htmlFor={fieldId(FORM_ID, 'quantity')}>{L('quantity')}</label>
          <input id={fieldId(FORM_ID, 'quantity')} type="number" inputMode="numeric" min={1} max={card?.maxQuantity} {...errorAria(FORM_ID, 'quantity', message('quantity'))} {...register('quantity')} />
          <FieldError id={errorId(FORM_ID, 'quantity')} message={message('quantity')} />
        </div>
        <dl className="summary__list" aria-live="polite">
          <dt>{L('product')}</dt>
          <dd>{card?.title}</dd>
          <dt>{L('price')}</dt>
          <dd>{outOfRange || noAmount ? '—' : fmt(unitPrice)}</dd>
          <dt>{L('quantity')}</dt>
          <dd>{quantity}</dd>
          <dt>{L('total')}</dt>
          <dd>
            <strong>{outOfRange || noAmount ? '—' : fmt(unitPrice * quantity)}</strong>
          </dd>
        </dl>
      </section>

      <section aria-labelledby={`${FORM_ID}-buyer`}>
        <h2 id={`${FORM_ID}-buyer`}>{L('buyerTitle')}</h2>
        <PersonFields
          {...person}
          field={(part) => ({ registration: register(BUYER[part]), error: message(BUYER[part]) })}
          labels={{ first: L('firstName'), last: L('lastName'), email: L('email'), phone: L('mobile'), prefix: L('prefix'), prefixSearch: forms('labels.prefixSearch') }}
          phone={{ ...person.phone, defaultPrefix: initial.prefix }}
        />
        <TextField formId={FORM_ID} registration={register('birthDate')} label={L('birthDate')} autoComplete="bday" inputMode="numeric" error={message('birthDate')} requiredLabel={forms('optional')} required={false} />
        <div className="form__row">
          <TextField formId={FORM_ID} registration={register('city')} label={L('city')} autoComplete="address-level2" error={message('city')} requiredLabel={forms('optional')} required={false} />
          <TextField formId={FORM_ID} registration={register('province')} label={L('province')} autoComplete="address-level1" error={message('province')} requiredLabel={forms('optional')} required={false} />
        </div>
        <div className="form__row">
          <TextField formId={FORM_ID} registration={register('country')} label={L('country')} autoComplete="country-name" error={message('country')} requiredLabel={forms('optional')} required={false} />
          <TextField formId={FORM_ID} registration={register('cap')} label={L('cap')} autoComplete="postal-code" error={message('cap')} requiredLabel={forms('optional')} required={false} />
        </div>
      </section>

      {radio('recipient', L('recipientQuestion'), [
        ['me', L('toMe')],
        ['other', L('toOther')],
      ])}
      {toOther ? (
        <section aria-labelledby={`${FORM_ID}-recipient`}>
          <h2 id={`${FORM_ID}-recipient`}>{L('recipientTitle')}</h2>
          <PersonFields
            {...person}
            field={(part) => ({ registration: register(RECIPIENT[part]), error: message(RECIPIENT[part]) })}
            labels={{ first: L('recipientFirstName'), last: L('recipientLastName'), email: L('recipientEmail'), phone: L('recipientMobile'), prefix: L('recipientPrefix'), prefixSearch: forms('labels.prefixSearch') }}
            phone={{ ...person.phone, defaultPrefix: initial.recipientPrefix }}
            someoneElse
          />
          {optionalInput('message', L('message'))}
          {optionalInput('deliveryDate', L('deliveryDate'))}
        </section>
      ) : null}

      {radio('paymentMethod', L('paymentTitle'), [
        ['card', L('card')],
        ['wallet', L('wallet')],
      ])}

      <ConsentFields formId={FORM_ID} message={message} register={register} policies={policies} marketing={{ required: false, label: L('marketing'), policyTitle: L('marketingPolicy') }} />

      <FormSubmit notice={notice} busy={submitting} label={L('proceed')} busyLabel={L('sending')} />
    </form>
  );
}
