'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { AdditionalField } from '@/lib/contract/experience-fields';
import type { Locale } from '@/lib/i18n/locales';

type Props = {
  fields: AdditionalField[];
  locale: Locale;
  initial: Record<string, string>;
  onDone: (answers: Record<string, string>) => void;
};

/** The experience's additional fields (`campiAggiuntivi`): required ones are checked here and again by the server. */
export function FieldsStep({ fields, locale, initial, onDone }: Props) {
  const t = useTranslations('experiences');
  const forms = useTranslations('forms');
  const [answers, setAnswers] = useState<Record<string, string>>(initial);
  const [tried, setTried] = useState(false);
  const missing = fields.filter((f) => f.required && !(answers[f.key] ?? '').trim());
  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTried(true);
        if (missing.length) {
          document.getElementById(`experience-field-${missing[0].key}`)?.focus();
          return;
        }
        onDone(Object.fromEntries(fields.map((f) => [f.key, (answers[f.key] ?? '').trim()]).filter(([, v]) => v)));
      }}
    >
      {fields.map((f) => {
        const id = `experience-field-${f.key}`;
        const invalid = tried && missing.includes(f);
        return (
          <div key={f.key} className={`field${invalid ? ' field--invalid' : ''}`}>
            <label htmlFor={id}>
              {f.label[locale] || f.label.it}
              {f.required ? <span className="field__required"> ({forms('required')})</span> : null}
            </label>
            <textarea
              id={id}
              name={f.key}
              rows={2}
              maxLength={500}
              required={f.required}
              aria-required={f.required || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
              value={answers[f.key] ?? ''}
              onChange={(e) => setAnswers({ ...answers, [f.key]: e.target.value })}
            />
            {invalid ? (
              <p id={`${id}-error`} className="field__error">
                {t('errors.fieldRequired')}
              </p>
            ) : null}
          </div>
        );
      })}
      <div className="actions">
        <button type="submit" className="button">
          {t('form.continue')}
        </button>
      </div>
    </form>
  );
}
