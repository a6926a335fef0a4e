'use client';

import { FieldError } from './field-error';
import { errorAria, errorId, fieldId, type Registration } from './types';

type Props = {
  formId: string;
  registration: Registration;
  label: string;
  error?: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  /** "required", or "optional" for a field that may stay empty (then not aria-required). */
  requiredLabel: string;
  required?: boolean;
};

/** A labelled text input; its error is announced with it (`aria-invalid`, `aria-describedby`). */
export function TextField({ formId, registration, label, error, type = 'text', autoComplete, inputMode, requiredLabel, required = true }: Props) {
  const id = fieldId(formId, registration.name);
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="field__required">({requiredLabel})</span>
      </label>
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-required={required || undefined}
        {...errorAria(formId, registration.name, error)}
        {...registration}
      />
      <FieldError id={errorId(formId, registration.name)} message={error} />
    </div>
  );
}
