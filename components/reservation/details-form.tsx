'use client';

import { useForm } from 'react-hook-form';
import { formErrors } from '@/components/forms/form-errors';
import { reservationDetailsResolver } from '@/lib/forms/client-rules';
import type { ReservationDetails, ReservationDetailsInput } from '@/lib/forms/reservation';
import { BirthdayField } from '@/components/forms/birthday-field';
import { ErrorSummary } from '@/components/forms/error-summary';
import { FieldError } from '@/components/forms/field-error';
import { useUnsavedGuard } from '@/components/forms/use-unsaved-guard';
import { errorId, fieldId } from '@/components/forms/types';
import type { WizardSetup } from './types';
import { ContactFields, ConsentFields } from '@/components/forms/guest-fields';
import { useReserveTexts } from './texts';
import { useFormTexts } from '@/components/forms/texts';

const FORM_ID = 'reservation';
const ORDER = ['nome', 'cognome', 'email', 'prefisso', 'telefono', 'motivo', 'compleannoGiorno', 'compleannoMese', 'note', 'privacy', 'marketing', 'marketingSms'] as const;

/** Personal data, visit reason ("Other" always last), birthday, notes and consents. */
export function DetailsForm({
  setup,
  initial,
  onDone,
  problem,
  askVisitReason = true,
}: {
  setup: WizardSetup;
  initial: ReservationDetails | null;
  onDone: (values: ReservationDetails) => void;
  /** A refusal of the step's own call (the card guarantee's set-up), as a message key. */
  problem?: string | null;
  /** An experience may not ask it (`flagMotivoVisita` 0). */
  askVisitReason?: boolean;
}) {
  const { t, optional } = useReserveTexts();
  const { t: forms, errorOf } = useFormTexts();
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isDirty, submitCount, isSubmitSuccessful },
  } = useForm<ReservationDetailsInput, unknown, ReservationDetails>({
    resolver: reservationDetailsResolver(),
    defaultValues: {
      nome: initial?.nome ?? '',
      cognome: initial?.cognome ?? '',
      email: initial?.email ?? '',
      prefisso: initial?.prefisso ?? setup.defaultPrefix,
      telefono: initial?.telefono ?? '',
      motivo: initial?.motivo ?? '',
      compleannoGiorno: initial?.compleannoGiorno ?? '',
      compleannoMese: initial?.compleannoMese ?? '',
      note: initial?.note ?? '',
      privacy: initial?.privacy ?? false,
      marketing: initial?.marketing ?? false,
      // Asked apart from e-mail, never ticked in advance (issue 26).
      marketingSms: initial?.marketingSms ?? false,
    },
  });
  useUnsavedGuard(isDirty && !isSubmitSuccessful, forms('unsaved'));
  const { message, summary, onInvalid } = formErrors<ReservationDetailsInput, (typeof ORDER)[number]>(ORDER, errors, submitCount, (key) => errorOf(key) ?? optional(`errors.${key}`) ?? forms('errors.generic'), setFocus);

  return (
    <form id={FORM_ID} className="form" noValidate onSubmit={handleSubmit(onDone, onInvalid)}>
      <ErrorSummary formId={FORM_ID} title={forms('summaryTitle')} text={forms('summaryText')} errors={summary} />
      {problem ? (
        <p role="alert" className="notice notice--warning">
          {errorOf(problem) ?? optional(`errors.${problem}`) ?? forms('errors.generic')}
        </p>
      ) : null}
      <ContactFields formId={FORM_ID} message={message} register={register} phone={{ prefixes: setup.prefixes ?? [], locale: setup.locale, country: setup.country, defaultPrefix: initial?.prefisso ?? setup.defaultPrefix }} />
      {askVisitReason ? (
      <div className="field">
        <label htmlFor={fieldId(FORM_ID, 'motivo')}>{t('details.visitReason')}</label>
        <select id={fieldId(FORM_ID, 'motivo')} aria-describedby={message('motivo') ? errorId(FORM_ID, 'motivo') : undefined} {...register('motivo')}>
          <option value="">{t('details.none')}</option>
          {setup.visitReasons.map((r) => (
            <option key={r.key} value={r.key}>
              {r.label}
            </option>
          ))}
          <option value="other">{t('details.other')}</option>
        </select>
        <FieldError id={errorId(FORM_ID, 'motivo')} message={message('motivo')} />
      </div>
      ) : null}
      <BirthdayField formId={FORM_ID} legend={t('details.birthdayOptional')} monthNames={setup.monthNames} register={register} message={message} required={false} />
      <div className="field">
        <label htmlFor={fieldId(FORM_ID, 'note')}>{t('details.notes')}</label>
        <textarea id={fieldId(FORM_ID, 'note')} rows={3} maxLength={500} {...register('note')} />
      </div>
      <ConsentFields formId={FORM_ID} message={message} register={register} policies={setup.policies} marketing={{ label: t('details.marketingOptional'), required: false }} />
      <div className="actions">
        <button type="submit" className="button">
          {t('details.continue')}
        </button>
      </div>
    </form>
  );
}
