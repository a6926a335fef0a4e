'use client';

import { useEffect, useRef, useState } from 'react';
import { localizedPath } from '@/lib/i18n/paths';
import type { Locale } from '@/lib/i18n/locales';
import { api } from '@/lib/api/client';
import { cancelAnswer } from '@/lib/api/answers/reservation';

type Texts = { question: string; confirm: string; keep: string; doneTitle: string; doneText: string; doneFee: string; error: string; newReservation: string };

/**
 * The cancel step: what it costs, then "Yes, cancel" or "No, keep it". A table booking's by
 * default; an experience booking's names its own call and pages.
 */
export function CancelForm({
  hash,
  locale,
  terms,
  texts,
  endpoint = '/api/reservation/cancel',
  keepPath = `/reserve/${hash}/edit`,
  newPath = '/reserve',
}: {
  hash: string;
  locale: Locale;
  terms: string;
  texts: Texts;
  endpoint?: string;
  keepPath?: string;
  newPath?: string;
}) {
  const [state, setState] = useState<'ask' | 'busy' | 'done' | 'error'>('ask');
  const doneRef = useRef<HTMLHeadingElement>(null);
  // Once cancelled, the focus goes to the heading that says so (it replaced the button that had it).
  useEffect(() => {
    if (state === 'done') doneRef.current?.focus();
  }, [state]);
  if (state === 'done') {
    return (
      <section role="status" aria-labelledby="cancel-done">
        <h2 id="cancel-done" ref={doneRef} tabIndex={-1}>
          {texts.doneTitle}
        </h2>
        <p>{texts.doneText}</p>
        {texts.doneFee ? <p>{texts.doneFee}</p> : null}
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
      <p className="notice">{terms}</p>
      <p>{texts.question}</p>
      {state === 'error' ? (
        <p role="alert" className="field__error">
          {texts.error}
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
