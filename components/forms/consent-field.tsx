'use client';

import { useState } from 'react';
import { FieldError } from './field-error';
import { PolicyDialog } from './policy-dialog';
import { errorAria, errorId, fieldId, type Registration } from './types';
import { fill } from '@/lib/i18n/fill';

type Props = {
  formId: string;
  registration: Registration;
  label: string;
  policyTitle: string;
  policyText: string;
  readPolicyLabel: string;
  closeLabel: string;
  error?: string;
  /** Whether the box must be ticked (default): marked with `requiredLabel` and `aria-required`. */
  required?: boolean;
  /** The "required" mark's text; unset, no visible mark. */
  requiredLabel?: string;
  /** A line under the box saying why it is needed. */
  hint?: string;
};

/** A consent checkbox with a button opening the venue's policy text (spec section 2, "Policy modals"). */
/**
 * "Read the privacy policy", "Datenschutzerklärung lesen": the language's phrase around the
 * policy's title (`{policy}`), lower-cased after the verb where the phrase starts with it
 * (issue 29: not "Read the policy: Privacy policy").
 */
export function readPolicyText(phrase: string, policy: string): string {
  if (!phrase.includes('{policy}')) return `${phrase}: ${policy}`;
  const name = phrase.startsWith('{policy}') ? policy : policy.charAt(0).toLocaleLowerCase() + policy.slice(1);
  return fill(phrase, { policy: name });
}

export function ConsentField({ formId, registration, label, policyTitle, policyText, readPolicyLabel, closeLabel, error, required = true, requiredLabel, hint }: Props) {
  const [open, setOpen] = useState(false);
  const id = fieldId(formId, registration.name);
  return (
    <div className={`field field--consent${error ? ' field--invalid' : ''}`}>
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          aria-required={required ? true : undefined}
          {...errorAria(formId, registration.name, error, hint ? `${id}-hint` : undefined)}
          {...registration}
        />
        <label htmlFor={id}>
          {label}
          {required && requiredLabel ? <span className="field__required"> ({requiredLabel})</span> : null}
        </label>
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {readPolicyText(readPolicyLabel, policyTitle)}
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(formId, registration.name)} message={error} />
      <PolicyDialog open={open} title={policyTitle} text={policyText} closeLabel={closeLabel} onClose={() => setOpen(false)} />
    </div>
  );
}
