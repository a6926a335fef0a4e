import { getTranslations } from 'next-intl/server';
import { ExperienceLinks } from '@/components/experiences/experience-links';
import { pickText } from '@/lib/i18n/texts';
import { sanitizeDescription } from '@/lib/html/description';
import { ExperiencePrice } from '@/components/experiences/experience-price';
import { localizedPath } from '@/lib/i18n/paths';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { siteOrigin } from '@/lib/venue/origin';
import { loadExperience, upcomingExperienceDates } from '@/server/experiences/data';
import { localMoment } from '@/server/booking/time';
import { now } from '@/server/clock';
import { formatDay } from '@/lib/i18n/format';
import { JsonLdScript } from '@/components/seo/json-ld';
import { experienceJsonLd } from '@/lib/seo/json-ld';
import { ExperiencePhoto } from '@/components/experiences/experience-photo';
import { experienceImagePath } from './metadata';
import { venuePhotoSet } from '@/server/venues/photos';
import { bookableNow, soldOut, whyNotBookable } from '@/lib/experiences/standing';

/** `/frontpage/esperienze/{hash}`: one experience, with what a shared link needs (JSON-LD, photo); an unknown hash is a 404. */
export async function ExperienceScreen({ params, hash }: { params: VenueParams; hash: string }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, experience] = await Promise.all([getTranslations('experiences'), loadExperience(venueKey, hash)]);
  if (!experience) return <NotFoundPage />;
  const title = pickText(experience.titolo, locale);
  const conditions = pickText(experience.condizioniPrenotazione, locale);
  const origin = siteOrigin(venueKey);
  const url = new URL(localizedPath(locale, `/frontpage/esperienze/${experience.hash}`), origin).toString();
  const why = whyNotBookable(experience);
  const dates = bookableNow(experience) ? await upcomingExperienceDates(venueKey, experience, localMoment(location.timezone || 'UTC', now()).date) : [];
  return (
    <article className="experience-detail">
      <JsonLdScript data={experienceJsonLd(experience, location, { locale, url, image: new URL(experienceImagePath(experience.hash, locale), origin).toString(), dates })} />
      <h1>{title}</h1>
      <ExperiencePhoto photo={experience.foto ? venuePhotoSet(experience.foto, 1200, 800) : null} alt={t('photoAlt', { title })} priority />
      <div className="experience-description" dangerouslySetInnerHTML={{ __html: sanitizeDescription(pickText(experience.descrizione, locale)) }} />
      {experience.data ? <p>{experience.data === experience.scadenza ? t('date', { date: formatDay(experience.data, locale) }) : t('from', { date: formatDay(experience.data, locale) })}</p> : null}
      <p>{t('guests', { min: experience.numOspitiMin, max: experience.numOspitiMax })}</p>
      {experience.durata > 0 ? <p>{t('duration', { minutes: experience.durata })}</p> : null}
      <ExperiencePrice experience={experience} currency={location.valuta} locale={locale} />
      {soldOut(experience) ? <p className="badge">{t('soldOut')}</p> : null}
      {why === 'past' || why === 'notBookable' ? <p>{t(why)}</p> : null}
      {conditions ? (
        <section>
          <h2>{t('conditions')}</h2>
          <p>{conditions}</p>
        </section>
      ) : null}
      <ExperienceLinks hash={experience.hash} why={why} style={{ justifyContent: 'flex-start' }}>
        {why === 'addOnOnly' ? <p>{t('addOnOnly')}</p> : null}
      </ExperienceLinks>
    </article>
  );
}
