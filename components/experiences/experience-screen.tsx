import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { formatPrice } from '@/lib/currency';
import { getExperienceList } from '@/lib/venue/data';
import { loadVenue, type VenueParams } from '@/components/shell/venue-context';
import { NotFoundPage } from '@/components/shell/not-found-page';

/** `/frontpage/esperienze/{hash}`: one experience; an unknown hash is a 404. */
export async function ExperienceScreen({ params, hash }: { params: VenueParams; hash: string }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, list] = await Promise.all([getTranslations('experiences'), getExperienceList(venueKey)]);
  const experience = list?.elenco.find((e) => e.hash === hash && e.flagVisibile);
  if (!experience) return <NotFoundPage />;
  const conditions = pickText(experience.condizioniPrenotazione, locale);
  return (
    <article className="experience-detail">
      <h1>{pickText(experience.titolo, locale)}</h1>
      <p>{pickText(experience.descrizione, locale)}</p>
      <p>{t('guests', { min: experience.numOspitiMin, max: experience.numOspitiMax })}</p>
      {experience.durata > 0 ? <p>{t('duration', { minutes: experience.durata })}</p> : null}
      {experience.prezzo > 0 ? (
        <p className="price">
          {t('price')}: {formatPrice(experience.prezzo, location.valuta, locale)}
        </p>
      ) : null}
      {conditions ? (
        <section>
          <h2>{t('conditions')}</h2>
          <p>{conditions}</p>
        </section>
      ) : null}
      <div className="actions" style={{ justifyContent: 'flex-start' }}>
        <Link className="button" href={`/frontpage/esperienze/${experience.hash}/reserve`}>
          {t('book')}
        </Link>
        <Link className="button button--ghost" href="/frontpage/esperienze">
          {t('allExperiences')}
        </Link>
      </div>
    </article>
  );
}
