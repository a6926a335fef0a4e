import { useTranslations } from 'next-intl';
import type { WizardSetup } from './types';

/**
 * The wizard's first step as server HTML: shown before the browser's wizard takes over
 * (and without JavaScript), as plain links and a GET form that set `?pax`.
 */
export function PeopleStepStatic({ setup, atOnce = false }: { setup: WizardSetup; atOnce?: boolean }) {
  const t = useTranslations('reserve');
  const { partySize } = setup;
  const direct = Array.from({ length: Math.max(partySize.directMax - partySize.min + 1, 0) }, (_, i) => partySize.min + i);
  const more = Array.from({ length: Math.max(partySize.max - partySize.directMax, 0) }, (_, i) => partySize.directMax + 1 + i);
  return (
    // data-at-once: the wizard is fetched at once (a booking's change), not on the guest's first use (components/reservation/wizard-deferred.tsx).
    <div className="wizard wizard--static" data-at-once={atOnce || undefined}>
      <nav aria-label={t('steps.label')} className="breadcrumb">
        <ol>
          <li className="breadcrumb__current">
            <span aria-current="step">{t('steps.people')}</span>
          </li>
          <li>{t('steps.date')}</li>
          <li>{t('steps.time')}</li>
          <li>{t('steps.details')}</li>
          <li>{t('steps.summary')}</li>
        </ol>
      </nav>
      <section aria-labelledby="step-people-static">
        <h2 id="step-people-static">{t('people.title')}</h2>
        <ul className="choice-grid">
          {direct.map((n) => (
            <li key={n}>
              <a className="choice choice--link" href={`?pax=${n}`}>
                {t('people.count', { count: n })}
              </a>
            </li>
          ))}
        </ul>
        {more.length ? (
          <form method="get" className="field">
            <label htmlFor="more-people-static">{t('people.more')}</label>
            <div className="field__row">
              <select id="more-people-static" name="pax" defaultValue={more[0]}>
                {more.map((n) => (
                  <option key={n} value={n}>
                    {t('people.count', { count: n })}
                  </option>
                ))}
              </select>
              <button type="submit" className="button">
                {t('details.continue')}
              </button>
            </div>
          </form>
        ) : null}
        <p className="lead">
          {t('people.tooLarge', { max: partySize.max })}{' '}
          {setup.phone ? <a href={`tel:${setup.phone.replace(/\s+/g, '')}`}>{t('people.contact', { phone: setup.phone })}</a> : null}
        </p>
      </section>
    </div>
  );
}
