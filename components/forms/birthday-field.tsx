'use client';

import { useTranslations } from 'next-intl';
import { FieldError } from './field-error';
import { errorAria, errorId, fieldId, type Registration } from './types';

type BirthdayName = 'compleannoGiorno' | 'compleannoMese';

type Props = {
  formId: string;
  legend: string;
  monthNames: string[];
  /** The form's registration and error message of each part, as the guest fields take them. */
  register: (name: BirthdayName) => Registration;
  message: (name: BirthdayName) => string | undefined;
  /** The birthday is required in the loyalty form, optional in a booking. */
  required?: boolean;
};

const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/** Birthday as a day select and a month select (1 to 12), month names in the guest's language. */
export function BirthdayField({ formId, legend, monthNames, register, message, required = true }: Props) {
  const t = useTranslations('forms');
  const [day, month] = [register('compleannoGiorno'), register('compleannoMese')];
  const [dayError, monthError] = [message('compleannoGiorno'), message('compleannoMese')];
  const placeholder = t('selectPlaceholder');
  return (
    <fieldset className="field field--group">
      <legend>
        {legend} {required ? <span className="field__required">({t('required')})</span> : null}
      </legend>
      <div className="field__row">
        <PartSelect formId={formId} registration={day} label={t('labels.birthDay')} error={dayError} autoComplete="bday-day" required={required} placeholder={placeholder} options={DAYS.map((d) => ({ value: d, label: String(d) }))} />
        <PartSelect formId={formId} registration={month} label={t('labels.birthMonth')} error={monthError} autoComplete="bday-month" required={required} placeholder={placeholder} options={monthNames.map((name, i) => ({ value: i + 1, label: name }))} grow />
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
      <select id={id} autoComplete={autoComplete} aria-required={required} {...errorAria(formId, registration.name, error)} {...registration}>
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
