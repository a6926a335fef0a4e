import { getTranslations } from 'next-intl/server';
import { VenuePhoto } from '@/components/shell/venue-photo';
import { venuePhotoSet } from '@/server/venues/photos';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { getExperienceList } from '@/server/venues/data';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { JsonLdScript } from '@/components/seo/json-ld';
import { siteOrigin } from '@/lib/venue/origin';
import { venueJsonLd } from '@/lib/seo/json-ld';
import { OpeningHoursText } from '@/components/shell/opening-hours';

/** The venue's landing: name, cover and the ways in to every service it offers. */
export async function HomePage({ params }: { params: VenueParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, experiences] = await Promise.all([getTranslations('home'), getExperienceList(venueKey)]);
  const promotion = location.services.promotion;
  const entries = [
    { key: 'reserve', href: '/reserve', title: t('reserveTitle'), text: t('reserveText'), action: t('reserveAction') },
    (experiences?.elenco.length ?? 0) > 0 && {
      key: 'experiences',
      href: '/frontpage/esperienze',
      title: t('experiencesTitle'),
      text: t('experiencesText'),
      action: t('experiencesAction'),
    },
    location.services.giftCards && {
      key: 'giftcards',
      href: '/frontpage/giftcards',
      title: t('giftcardsTitle'),
      text: t('giftcardsText'),
      action: t('giftcardsAction'),
    },
    promotion && {
      key: 'promo',
      href: `/frontpage/promo/${promotion.urlName}`,
      title: t('promoTitle'),
      text: pickText(promotion.title, locale),
      action: t('promoAction'),
    },
    location.services.fidelity && {
      key: 'fidelity',
      href: '/frontpage/fidelity',
      title: t('fidelityTitle'),
      text: t('fidelityText'),
      action: t('fidelityAction'),
    },
  ].filter((e) => !!e);

  return (
    <>
      {location.locationname ? <JsonLdScript data={venueJsonLd(location, siteOrigin(venueKey), locale)} /> : null}
      <section className="hero" aria-labelledby="venue-name">
        {location.theme.cover ? (
          <VenuePhoto photo={venuePhotoSet(location.theme.cover, 1600, 900)} alt="" sizes="(max-width: 64rem) 100vw, 64rem" priority />
        ) : null}
        <div className="hero__text">
          <h1 id="venue-name">{location.locationname}</h1>
          {pickText(location.tagline, locale) ? <p>{pickText(location.tagline, locale)}</p> : null}
          <Link className="button" href="/reserve">
            {t('reserveAction')}
          </Link>
        </div>
      </section>
      <ul className="cards">
        {entries.map((e) => (
          <li key={e.key} className="card">
            <h2>{e.title}</h2>
            <p>{e.text}</p>
            <Link className="button button--ghost" href={e.href}>
              {e.action}
            </Link>
          </li>
        ))}
      </ul>
      {/* The hours the JSON-LD gives search engines, as text for the guest (issue 45). */}
      <OpeningHoursText id="home-hours" hours={location.place?.openingHours ?? []} locale={locale} closures className="card opening-hours--home" />
    </>
  );
}
