'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ReservationDetails } from '@/lib/forms/reservation';
import type { WizardSetup } from './types';
import { formatDate, visitReasonLabel } from './format';
import { GuaranteeTerms, type GuaranteeOffer } from './guarantee-step';
import { useReserveTexts } from './texts';

type Props = {
  setup: WizardSetup;
  choice: { pax: number; date: string; time: string; zone: string };
  details: ReservationDetails;
  /** The card guarantee given for this booking, if one applies. */
  guarantee: GuaranteeOffer | null;
  /** More lines (label, value) after the choice: the experience, its price, the answers. */
  extra?: [string, React.ReactNode][];
  onChange: () => void;
  /** A refusal's words, when the form has its own (the experience form's); else the booking steps'. */
  errorText?: (code: string) => string;
  /** Resolves with an error code when the booking was refused. */
  onConfirm: () => Promise<string | null>;
};

/** The booking to confirm: "If the information is correct, press confirm to send the request." */
export function SummaryStep({ setup, choice, details, guarantee, extra, onChange, onConfirm, errorText: ownErrorText }: Props) {
  const { t, optional, errorText } = useReserveTexts();
  const forms = useTranslations('forms');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="summary">
      <dl className="summary__list">
        <dt>{t('summary.people')}</dt>
        <dd>{t('people.count', { count: choice.pax })}</dd>
        <dt>{t('summary.date')}</dt>
        <dd>{formatDate(choice.date, setup.locale)}</dd>
        <dt>{t('summary.time')}</dt>
        <dd>{choice.time}</dd>
        {choice.zone ? (
          <>
            <dt>{t('summary.zone')}</dt>
            <dd>{setup.zones[choice.zone] ?? choice.zone}</dd>
          </>
        ) : null}
        {(extra ?? []).map(([label, value]) => (
          <SummaryLine key={label} label={label} value={value} />
        ))}
        <dt>{t('summary.name')}</dt>
        <dd>
          {details.nome} {details.cognome}
        </dd>
        <dt>{t('summary.contact')}</dt>
        <dd>
          {details.email}, {details.prefisso} {details.telefono}
        </dd>
        {details.motivo ? (
          <>
            <dt>{t('details.visitReason')}</dt>
            <dd>{visitReasonLabel(setup.visitReasons, details.motivo, t('details.other'))}</dd>
          </>
        ) : null}
        {details.note ? (
          <>
            <dt>{t('details.notes')}</dt>
            <dd className="summary__note">{details.note}</dd>
          </>
        ) : null}
        {guarantee ? (
          <>
            <dt>{t('summary.guarantee')}</dt>
            <dd>
              <GuaranteeTerms locale={setup.locale} terms={guarantee.terms} at={{ date: choice.date, time: choice.time, timezone: setup.timezone }} />
            </dd>
          </>
        ) : null}
      </dl>
      {problem ? (
        <p role="alert" className="field__error">
          {problem === 'soldOut' ? t('outcome.soldOut') : problem.startsWith('edit.') ? optional(problem) : (ownErrorText ?? errorText)(problem)}
        </p>
      ) : null}
      <p className="summary__footer">{t('summary.footer')}</p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={async () => {
            setBusy(true);
            setProblem(null);
            const error = await onConfirm();
            // An unsure bot check is not an error: the challenge below the summary says what to do.
            if (error) {
              if (error !== 'botcheckUnsure') setProblem(error);
              setBusy(false);
            }
          }}
        >
          {busy ? forms('sending') : setup.edit ? t('edit.confirm') : t('summary.confirm')}
        </button>
        <button type="button" className="button button--ghost" onClick={onChange}>
          {setup.edit ? t('edit.adjust') : t('summary.change')}
        </button>
      </div>
    </div>
  );
}

function SummaryLine({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
