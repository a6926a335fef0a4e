'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { api } from '@/lib/api/client';
import { cancelAnswer } from '@/lib/api/answers/reservation';


/**
 * The cancel step: what it costs, then "Yes, cancel" or "No, keep it". A table booking's by
 * default; an experience booking's names its own call and pages.
 */
export function CancelForm({
  title = null,
  hash,
  locale,
  terms,
  kind = 'table',
  done: after = {},
  endpoint = '/api/reservation/cancel',
  keepPath = `/reserve/${hash}/edit`,
  newPath = '/reserve',
  summary = null,
  cancelledSummary = null,
}: {
  /** The page's heading while the guest is asked ("Cancel your reservation"); once cancelled, the heading says so in its place (issue 45). Unset: the form has no heading of its own until it is done. */
  title?: string | null;
  hash: string;
  locale: Locale;
  /** The cancellation terms for this booking, as the server words them (free until, the fee, the refund). */
  terms: string;
  kind?: 'table' | 'experience';
  /** What cancelling costs or gives back, said once it is done: the fee kept, or the amount refunded (formatted). */
  done?: { fee?: string; refund?: string };
  endpoint?: string;
  keepPath?: string;
  newPath?: string;
  /** The booking as it stands, above the question; once cancelled, `cancelledSummary` (its status "Cancelled", no balance due) under the news, never the standing one (issue 45). */
  summary?: ReactNode;
  cancelledSummary?: ReactNode;
}) {
  const r = useTranslations('reserve');
  const x = useTranslations('experiences.manage');
  const table = kind === 'table';
  const texts = {
    question: table ? r('cancel.question') : x('question'),
    confirm: table ? r('cancel.confirm') : x('confirmCancel'),
    keep: table ? r('cancel.keep') : x('keep'),
    doneTitle: table ? r('cancel.doneTitle') : x('doneTitle'),
    doneText: table ? r('cancel.doneText') : x('doneText'),
    newReservation: table ? r('outcome.newReservation') : x('another'),
  };
  const doneFee = after.fee ? r('cancel.doneFee', { amount: after.fee }) : after.refund ? x('refundText', { amount: after.refund }) : '';
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'error'>('ask');
  const doneRef = useRef<HTMLHeadingElement>(null);
  // Once cancelled, the focus goes to the heading that says so (it replaced the button that had it).
  useEffect(() => {
    if (state === 'done') doneRef.current?.focus();
  }, [state]);
  if (state === 'done') {
    return (
      <section role="status" aria-labelledby="cancel-done">
        {title === null ? (
          <h2 id="cancel-done" ref={doneRef} tabIndex={-1}>
            {texts.doneTitle}
          </h2>
        ) : (
          <h1 id="cancel-done" ref={doneRef} tabIndex={-1}>
            {texts.doneTitle}
          </h1>
        )}
        <p>{texts.doneText}</p>
        {doneFee ? <p>{doneFee}</p> : null}
        {cancelledSummary}
        <div className="actions">
          <a className="button" href={localizedPath(locale, newPath)}>
            {texts.newReservation}
          </a>
        </div>
      </section>
    );
  }
  return (
    <div>
      {title === null ? null : <h1>{title}</h1>}
      {summary}
      <p className="notice">{terms}</p>
      <p>{texts.question}</p>
      {state === 'error' ? (
        <p role="alert" className="field__error">
          {r('errors.generic')}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="button button--danger"
          disabled={state === 'busy'}
          aria-busy={state === 'busy' || undefined}
          onClick={async () => {
            setState('busy');
            const result = await api(endpoint, cancelAnswer, { hash });
            setState(result.ok ? 'done' : 'error');
          }}
        >
          {texts.confirm}
        </button>
        <a className="button button--ghost" href={localizedPath(locale, keepPath)}>
          {texts.keep}
        </a>
      </div>
    </div>
  );
}
