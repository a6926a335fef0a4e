'use client';

import { useTranslations } from 'next-intl';
import type { WizardSetup } from './types';

type Props = {
  setup: WizardSetup;
  /** The sizes offered: the venue's party sizes, or an experience's guest limits. */
  partySize?: WizardSetup['partySize'];
  onChoose: (n: number) => void;
  /** Shown under the choices; by default the venue's "larger parties, call us". */
  hint?: React.ReactNode;
};

/** Step 1, "Party size": direct choices, plus a "More people" select for larger parties. */
export function PeopleStep({ setup, partySize = setup.partySize, onChoose, hint }: Props) {
  const t = useTranslations('reserve');
  const forms = useTranslations('forms');
  const label = (n: number) => t('people.count', { count: n });
  const direct = Array.from({ length: Math.max(Math.min(partySize.directMax, partySize.max) - partySize.min + 1, 0) }, (_, i) => partySize.min + i);
  const more = Array.from({ length: Math.max(partySize.max - Math.max(partySize.directMax, partySize.min - 1), 0) }, (_, i) => Math.max(partySize.directMax, partySize.min - 1) + 1 + i);
  return (
    <div className="people-step">
      <ul className="choice-grid">
        {direct.map((n) => (
          <li key={n}>
            <button type="button" className="choice" onClick={() => onChoose(n)}>
              {label(n)}
            </button>
          </li>
        ))}
      </ul>
      {more.length ? (
        <div className="field">
          <label htmlFor="more-people">{t('people.more')}</label>
          <select id="more-people" defaultValue="" onChange={(e) => e.target.value && onChoose(Number(e.target.value))}>
            <option value="">{forms('selectPlaceholder')}</option>
            {more.map((n) => (
              <option key={n} value={n}>
                {label(n)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {hint === undefined ? (
        <p className="lead">
          {t('people.tooLarge', { max: partySize.max })}{' '}
          {setup.phone ? <a href={`tel:${setup.phone.replace(/\s+/g, '')}`}>{t('people.contact', { phone: setup.phone })}</a> : null}
        </p>
      ) : (
        hint
      )}
    </div>
  );
}
