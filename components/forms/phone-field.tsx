'use client';

import { FieldError } from './field-error';
import { errorId, fieldId, type Registration } from './types';

export type PrefixOption = { paese: string; prefisso: string; iso: string };

type Props = {
  formId: string;
  legend: string;
  prefixLabel: string;
  phoneLabel: string;
  prefixes: PrefixOption[];
  prefix: Registration;
  phone: Registration;
  prefixError?: string;
  phoneError?: string;
  requiredLabel: string;
};

/** Mobile number with its country prefix (from `services/getallservices`), checked with libphonenumber-js. */
export function PhoneField({ formId, legend, prefixLabel, phoneLabel, prefixes, prefix, phone, prefixError, phoneError, requiredLabel }: Props) {
  const prefixId = fieldId(formId, prefix.name);
  const phoneId = fieldId(formId, phone.name);
  return (
    <fieldset className="field field--group">
      <legend>
        {legend} <span className="field__required">({requiredLabel})</span>
      </legend>
      <div className="field__row">
        <div className={`field field--prefix${prefixError ? ' field--invalid' : ''}`}>
          <label htmlFor={prefixId}>{prefixLabel}</label>
          <select
            id={prefixId}
            autoComplete="tel-country-code"
            aria-required="true"
            aria-invalid={prefixError ? true : undefined}
            aria-describedby={prefixError ? errorId(formId, prefix.name) : undefined}
            {...prefix}
          >
            {prefixes.map((p) => (
              <option key={p.iso} value={p.prefisso}>
                {`${p.paese} (${p.prefisso})`}
              </option>
            ))}
          </select>
        </div>
        <div className={`field field--grow${phoneError ? ' field--invalid' : ''}`}>
          <label htmlFor={phoneId}>{phoneLabel}</label>
          <input
            id={phoneId}
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            aria-required="true"
            aria-invalid={phoneError ? true : undefined}
            aria-describedby={phoneError ? errorId(formId, phone.name) : undefined}
            {...phone}
          />
        </div>
      </div>
      <FieldError id={errorId(formId, prefix.name)} message={prefixError} />
      <FieldError id={errorId(formId, phone.name)} message={phoneError} />
    </fieldset>
  );
}
