'use client';

import { FieldError } from './field-error';
import { errorAria, errorId, fieldId, type Registration } from './types';

type Props = { formId: string; registration: Registration; label: string; hint: string; error?: string; requiredLabel: string };

/**
 * A date typed as `dd/mm/yyyy` (read by `dateDMY` in lib/forms/fields.ts). A text input
 * with a visible format hint rather than a date picker: it works the same with a screen
 * reader, a keyboard and every browser.
 */
export function DateField({ formId, registration, label, hint, error, requiredLabel }: Props) {
  const id = fieldId(formId, registration.name);
  const hintId = `${id}-hint`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="field__required">({requiredLabel})</span>
      </label>
      <p id={hintId} className="field__hint">
        {hint}
      </p>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        placeholder="dd/mm/yyyy"
        pattern="\d{1,2}/\d{1,2}/\d{4}"
        aria-required="true"
        {...errorAria(formId, registration.name, error, hintId)}
        {...registration}
      />
      <FieldError id={errorId(formId, registration.name)} message={error} />
    </div>
  );
}
