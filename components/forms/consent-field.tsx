'use client';

import { useState } from 'react';
import { FieldError } from './field-error';
import { PolicyDialog } from './policy-dialog';
import { errorId, fieldId, type Registration } from './types';

type Props = {
  formId: string;
  registration: Registration;
  label: string;
  policyTitle: string;
  policyText: string;
  readPolicyLabel: string;
  closeLabel: string;
  error?: string;
};

/** A consent checkbox with a button opening the venue's policy text (spec section 2, "Policy modals"). */
export function ConsentField({ formId, registration, label, policyTitle, policyText, readPolicyLabel, closeLabel, error }: Props) {
  const [open, setOpen] = useState(false);
  const id = fieldId(formId, registration.name);
  return (
    <div className={`field field--consent${error ? ' field--invalid' : ''}`}>
      <div className="field__check">
        <input
          id={id}
          type="checkbox"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId(formId, registration.name) : undefined}
          {...registration}
        />
        <label htmlFor={id}>{label}</label>
        <button type="button" className="link-button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          {readPolicyLabel}: {policyTitle}
        </button>
      </div>
      <FieldError id={errorId(formId, registration.name)} message={error} />
      <PolicyDialog open={open} title={policyTitle} text={policyText} closeLabel={closeLabel} onClose={() => setOpen(false)} />
    </div>
  );
}
