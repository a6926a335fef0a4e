import { getTranslations } from 'next-intl/server';
import { openingHoursText, type OpeningHours } from '@/lib/seo/opening-hours';

/** How many closures to come the home page names (the footer names none). */
const CLOSURES_SHOWN = 3;

/**
 * The venue's opening hours as a guest reads them (issue 45), from the same entries as the home
 * page's JSON-LD (`place.openingHours`): each run of weekdays with its shifts' times, the
 * weekly closed days, and (`closures`) the closures to come, in the guest's language.
 */
export async function OpeningHoursText({ id, hours, locale, closures = false, className }: { id: string; hours: OpeningHours[]; locale: string; closures?: boolean; className?: string }) {
  const t = await getTranslations('hours');
  const text = openingHoursText(hours, locale, { closed: t('closed'), closedOn: (date) => t('closedOn', { date }), closedFrom: (from, to) => t('closedFrom', { from, to }) }, closures ? CLOSURES_SHOWN : 0);
  if (!text.lines.length) return null;
  // The home page's hours are a region of their own; the footer's are part of the footer landmark (one region per name, for axe's landmark-unique).
  const Box = closures ? 'section' : 'div';
  return (
    <Box className={`opening-hours${className ? ` ${className}` : ''}`} aria-labelledby={closures ? `${id}-title` : undefined}>
      <h2 id={`${id}-title`} className="opening-hours__title">
        {t('title')}
      </h2>
      <dl className="opening-hours__list">
        {text.lines.map((line) => (
          <div key={line.days} className="opening-hours__line">
            <dt>{line.days}</dt>
            <dd>{line.times}</dd>
          </div>
        ))}
      </dl>
      {text.closures.length ? (
        <ul className="opening-hours__closures">
          {text.closures.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      ) : null}
    </Box>
  );
}
