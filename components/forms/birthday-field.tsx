'use client';

import { FieldError } from './field-error';
import { errorId, fieldId, type Registration } from './types';

type Props = {
  formId: string;
  legend: string;
  dayLabel: string;
  monthLabel: string;
  monthNames: string[];
  placeholder: string;
  day: Registration;
  month: Registration;
  dayError?: string;
  monthError?: string;
  requiredLabel: string;
  /** The birthday is required in the loyalty form, optional in a booking. */
  required?: boolean;
};

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** Birthday as a day select and a month select (1 to 12), month names in the guest's language. */
export function BirthdayField({ formId, legend, dayLabel, monthLabel, monthNames, placeholder, day, month, dayError, monthError, requiredLabel, required = true }: Props) {
  return (
    <fieldset className="field field--group">
      <legend>
        {legend} {required ? <span className="field__required">({requiredLabel})</span> : null}
      </legend>
      <div className="field__row">
        <PartSelect formId={formId} registration={day} label={dayLabel} error={dayError} autoComplete="bday-day" required={required} placeholder={placeholder} options={DAYS.map((d) => ({ value: d, label: String(d) }))} />
        <PartSelect formId={formId} registration={month} label={monthLabel} error={monthError} autoComplete="bday-month" required={required} placeholder={placeholder} options={monthNames.map((name, i) => ({ value: i + 1, label: name }))} grow />
      </div>
      <FieldError id={errorId(formId, day.name)} message={dayError} />
      <FieldError id={errorId(formId, month.name)} message={monthError} />
    </fieldset>
  );
}

/** One select of the birthday (day or month), labelled, with its error linked. */
function PartSelect({ formId, registration, label, error, autoComplete, required, placeholder, options, grow = false }: { formId: string; registration: Registration; label: string; error?: string; autoComplete: string; required: boolean; placeholder: string; options: { value: number; label: string }[]; grow?: boolean }) {
  const id = fieldId(formId, registration.name);
  return (
    <div className={`field${grow ? ' field--grow' : ''}${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select id={id} autoComplete={autoComplete} aria-required={required} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId(formId, registration.name) : undefined} {...registration}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.label} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
