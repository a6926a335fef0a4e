import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { sanitizeDescription } from '@/lib/html/description';
import { ExperiencePrice } from '@/components/experiences/experience-price';
import { getExperienceList } from '@/server/venues/data';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { ExperiencePhoto } from '@/components/experiences/experience-photo';
import { hasOwnForm, listedNow } from '@/lib/experiences/standing';
import { venuePhotoSet } from '@/server/venues/photos';

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
        {items.map((e, index) => {
          const title = pickText(e.titolo, locale);
          return (
            <li key={e.hash} className="card">
              {/* The first card's photo is the page's largest paint on a phone: preloaded. */}
              <ExperiencePhoto photo={e.foto ? venuePhotoSet(e.foto, 1200, 800) : null} alt={t('photoAlt', { title })} sizes="(max-width: 40rem) 100vw, 20rem" priority={index === 0} />
              <h2>{title}</h2>
              <div className="experience-description" dangerouslySetInnerHTML={{ __html: sanitizeDescription(pickText(e.descrizione, locale)) }} />
              <p>{t('guests', { min: e.numOspitiMin, max: e.numOspitiMax })}</p>
              <ExperiencePrice experience={e} currency={location.valuta} locale={locale} />
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
