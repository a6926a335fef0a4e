'use client';

import { useTranslations } from 'next-intl';
import { localizedPath } from '@/lib/i18n/paths';
import type { DayExperience, WizardSetup } from './types';

type Props = {
  setup: WizardSetup;
  pax: number;
  date: string;
  experiences: DayExperience[];
  /** The experience added to the booking (its hash), if any. */
  chosen?: string;
  /** Adds (hash) or removes (null) an experience without leaving the wizard; absent when editing. */
  onChoose?: (hash: string | null) => void;
  /** The day has tables: an experience can be added to one. Else each is booked on its own. */
  withTables: boolean;
};

/**
 * Step 5, "Experiences": the day's experiences in an accordion; choosing one is optional. One
 * that can join a table booking is added to it in place; the others (a deposit, a guarantee
 * of their own, or a day without tables) link to their own booking form, prefilled.
 */
export function ExperienceAccordion({ setup, pax, date, experiences, chosen, onChoose, withTables }: Props) {
  const t = useTranslations('reserve');
  if (!experiences.length) return null;
  return (
    <section className="experiences-accordion" aria-labelledby="day-experiences">
      <h3 id="day-experiences">{t('time.experiences')}</h3>
      {experiences.map((e) => {
        const title = e.title[setup.locale] || e.title.it;
        const added = chosen === e.hash;
        return (
          <details key={e.hash} open={added || undefined}>
            <summary>
              {title}
              {added ? ` · ${t('experience.added')}` : ''}
            </summary>
            {/* Sanitised on the server (the /api answer, lib/html/description.ts): the page ships no HTML parser. */}
            <div className="experience-description" dangerouslySetInnerHTML={{ __html: e.description[setup.locale] || e.description.it }} />
            {e.times.length ? <p>{e.times.join(' · ')}</p> : null}
            {onChoose && withTables && e.addable !== false ? (
              <button type="button" className={added ? 'button button--ghost' : 'button'} aria-pressed={added} onClick={() => onChoose(added ? null : e.hash)}>
                {added ? `${t('experience.remove')}: ${title}` : `${t('experience.add')}: ${title}`}
              </button>
            ) : (
              <a className="button button--ghost" href={localizedPath(setup.locale, `/frontpage/esperienze/${e.hash}/${pax}/${date}`)}>
                {t('time.bookExperience')}
              </a>
            )}
          </details>
        );
      })}
    </section>
  );
}
