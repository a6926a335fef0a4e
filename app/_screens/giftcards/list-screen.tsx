import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { getGiftcardList } from '@/server/venues/data';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { formatMoney } from '@/lib/currency';
import { colon } from '@/lib/i18n/colon';
import { VenuePhoto } from '@/components/shell/venue-photo';
import { venuePhotoSet } from '@/server/venues/photos';

/** `/frontpage/giftcards` (alias `/frontpage/giftcard`): the venue's gift cards (spec section 2). */
export async function GiftcardListScreen({ params }: { params: VenueParams }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, cards] = await Promise.all([getTranslations('giftcards'), getGiftcardList(venueKey)]);
  return (
    <>
      <h1>{t('listTitle')}</h1>
      {cards.length === 0 ? <p role="status">{t('empty')}</p> : <p className="lead">{t('listIntro')}</p>}
      <ul className="cards">
        {cards.map((c, index) => (
          <li key={c.id} className="card">
            {/* Shown 320 × 180 as before; the sizes made at import, the first card's preloaded (the page's largest paint). */}
            {c.image ? <VenuePhoto photo={{ ...venuePhotoSet(c.image, 320, 180), width: 320, height: 180 }} alt="" sizes="320px" priority={index === 0} /> : null}
            <h2>{pickText(c.title, locale)}</h2>
            {c.customMin !== null && c.customMax !== null ? (
              <p>
                {t('value')}{colon(locale)}<strong>{t('valueRange', { min: formatMoney(c.customMin, location.valuta, locale), max: formatMoney(c.customMax, location.valuta, locale) })}</strong>
              </p>
            ) : (
              <>
                <p>
                  {t('value')}{colon(locale)}<strong>{formatMoney(c.value, location.valuta, locale)}</strong>
                </p>
                <p className="price">
                  {t('price')}{colon(locale)}{formatMoney(c.price, location.valuta, locale)}
                </p>
              </>
            )}
            <Link className="button button--ghost" href={`/frontpage/giftcard/${encodeURIComponent(c.id)}`}>
              {t('details')}
              <span className="visually-hidden">: {pickText(c.title, locale)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {cards.length ? (
        <p className="form-page__aside">
          <Link href="/frontpage/giftcard/balance">{t('balance.link')}</Link>
        </p>
      ) : null}
    </>
  );
}
