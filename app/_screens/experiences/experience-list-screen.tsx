import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { sanitizeDescription } from '@/lib/html/description';
import { formatPrice } from '@/lib/currency';
import { getExperienceList } from '@/server/venues/data';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { ExperiencePhoto } from '@/components/experiences/experience-photo';
import { hasOwnForm, listedNow } from '@/lib/experiences/standing';
import { colon } from '@/lib/i18n/colon';

/**
 * `/frontpage/esperienze`, the experience booking form's first step: the guest picks one of
 * the venue's bookable experiences (in display order), then the party size and the day.
 */
export async function ExperienceListScreen({ params }: { params: VenueParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, screens, list] = await Promise.all([getTranslations('experiences'), getTranslations('screens'), getExperienceList(venueKey)]);
  const items = list.elenco.filter(listedNow).sort((a, b) => a.sort - b.sort);
  return (
    <>
      <h1>{screens('experienceBooking')}</h1>
      {items.length === 0 ? <p>{t('empty')}</p> : <p className="lead">{t('choose')}</p>}
      <ul className="cards">
        {items.map((e) => {
          const title = pickText(e.titolo, locale);
          return (
            <li key={e.hash} className="card">
              <ExperiencePhoto src={e.foto} alt={t('photoAlt', { title })} sizes="(max-width: 40rem) 100vw, 20rem" />
              <h2>{title}</h2>
              <div className="experience-description" dangerouslySetInnerHTML={{ __html: sanitizeDescription(pickText(e.descrizione, locale)) }} />
              <p>{t('guests', { min: e.numOspitiMin, max: e.numOspitiMax })}</p>
              {e.prezzo > 0 ? (
                <p className="price">
                  {t('price')}{colon(locale)}{formatPrice(e.prezzo, location.valuta, locale)} {t('perPerson')}
                </p>
              ) : null}
              <div className="actions" style={{ justifyContent: 'flex-start' }}>
                {hasOwnForm(e) ? (
                  <Link className="button" href={`/frontpage/esperienze/${e.hash}/reserve`} aria-label={`${t('book')}: ${title}`}>
                    {t('book')}
                  </Link>
                ) : null}
                <Link className="button button--ghost" href={`/frontpage/esperienze/${e.hash}`} aria-label={`${t('details')}: ${title}`}>
                  {t('details')}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </>
  );
}
