import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { formatPrice } from '@/lib/currency';
import { getExperienceList } from '@/lib/venue/data';
import { loadVenue, type VenueParams } from '@/components/shell/venue-context';

/** `/frontpage/esperienze`: the venue's bookable experiences, in display order. */
export async function ExperienceListScreen({ params }: { params: VenueParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, screens, list] = await Promise.all([
    getTranslations('experiences'),
    getTranslations('screens'),
    getExperienceList(venueKey),
  ]);
  const items = (list?.elenco ?? []).filter((e) => e.flagVisibile && e.flagAttiva && !e.flagEsperienzaPassata);
  return (
    <>
      <h1>{screens('experienceBooking')}</h1>
      {items.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className="cards">
        {items.map((e) => (
          <li key={e.hash} className="card">
            <h2>{pickText(e.titolo, locale)}</h2>
            <p>{pickText(e.descrizione, locale)}</p>
            <p>{t('guests', { min: e.numOspitiMin, max: e.numOspitiMax })}</p>
            {e.prezzo > 0 ? (
              <p className="price">
                {t('price')}: {formatPrice(e.prezzo, location.valuta, locale)}
              </p>
            ) : null}
            <Link className="button button--ghost" href={`/frontpage/esperienze/${e.hash}`}>
              {t('details')}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
