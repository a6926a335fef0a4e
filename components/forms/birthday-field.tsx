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
  const dayId = fieldId(formId, day.name);
  const monthId = fieldId(formId, month.name);
  return (
    <fieldset className="field field--group">
      <legend>
        {legend} {required ? <span className="field__required">({requiredLabel})</span> : null}
      </legend>
      <div className="field__row">
        <div className={`field${dayError ? ' field--invalid' : ''}`}>
          <label htmlFor={dayId}>{dayLabel}</label>
          <select
            id={dayId}
            autoComplete="bday-day"
            aria-required={required}
            aria-invalid={dayError ? true : undefined}
            aria-describedby={dayError ? errorId(formId, day.name) : undefined}
            {...day}
          >
            <option value="">{placeholder}</option>
            {DAYS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className={`field field--grow${monthError ? ' field--invalid' : ''}`}>
          <label htmlFor={monthId}>{monthLabel}</label>
          <select
            id={monthId}
            autoComplete="bday-month"
            aria-required={required}
            aria-invalid={monthError ? true : undefined}
            aria-describedby={monthError ? errorId(formId, month.name) : undefined}
            {...month}
          >
            <option value="">{placeholder}</option>
            {monthNames.map((name, i) => (
              <option key={name} value={i + 1}>
                {name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={errorId(formId, day.name)} message={dayError} />
      <FieldError id={errorId(formId, month.name)} message={monthError} />
    </fieldset>
  );
}
