import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { Link } from '@/components/shell/link';
import { pickText } from '@/lib/i18n/texts';
import { localizedPath } from '@/lib/i18n/paths';
import { getGiftcardList } from '@/server/venues/data';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { formatMoney } from '@/lib/currency';
import { JsonLdScript } from '@/components/seo/json-ld';
import { siteOrigin } from '@/lib/venue/origin';
import { giftCardJsonLd } from '@/lib/seo/json-ld';
import { VALIDITY_MONTHS } from '@/lib/giftcards/validity';
import { colon } from '@/lib/i18n/colon';

/**
 * `/frontpage/giftcard/{id}`: value, description, regulations, a quantity and "Buy" (a plain
 * form that keeps the choice in the session and goes on to the checkout: no JavaScript). A card the venue no longer sells leads to
 * `/frontpage/giftcard/{id}/notavalaible` (spec section 2).
 */
export async function GiftcardDetailsScreen({ params, id }: { params: VenueParams; id: string }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, cards] = await Promise.all([getTranslations('giftcards'), getGiftcardList(venueKey)]);
  const card = cards.find((c) => c.id === id);
  if (!card) redirect(localizedPath(locale, `/frontpage/giftcard/${encodeURIComponent(id)}/notavalaible`));
  const max = Math.max(1, card.maxQuantity);
  const origin = siteOrigin(venueKey);
  const offer = giftCardJsonLd(
    {
      name: pickText(card.title, locale),
      description: pickText(card.description, locale),
      // A free amount is offered from its smallest value. The contract's amounts are in cents already.
      priceCents: card.customMin !== null && card.customMax !== null ? card.customMin : card.price,
      currency: location.valuta,
      available: true,
      validMonths: VALIDITY_MONTHS,
      image: card.image ? new URL(card.image, origin).toString() : '',
    },
    new URL(localizedPath(locale, `/frontpage/giftcard/${encodeURIComponent(card.id)}`), origin).toString(),
  );
  return (
    <div className="form-page">
      <JsonLdScript data={offer} />
      <p className="breadcrumb">
        <Link href="/frontpage/giftcards">{t('backToList')}</Link>
      </p>
      <h1>{pickText(card.title, locale)}</h1>
      {card.customMin !== null && card.customMax !== null ? null : (
        <>
          <p>
            {t('value')}{colon(locale)}<strong>{formatMoney(card.value, location.valuta, locale)}</strong>
          </p>
          <p className="price">
            {t('price')}{colon(locale)}{formatMoney(card.price, location.valuta, locale)}
          </p>
        </>
      )}
      {card.customMin !== null && card.customMax !== null ? (
        <p>{t('customValueHint', { min: formatMoney(card.customMin, location.valuta, locale), max: formatMoney(card.customMax, location.valuta, locale) })}</p>
      ) : null}
      <h2>{t('description')}</h2>
      <p>{pickText(card.description, locale)}</p>
      <h2>{t('regulations')}</h2>
      <p>{pickText(card.regulations, locale)}</p>
      {/* In a frame on the venue's website the checkout needs its cookie: it opens top-level in a new tab (docs/embed.md). */}
      <form className="form" method="post" action="/api/giftcard/start" data-embed-top aria-describedby="giftcard-new-tab">
        <input type="hidden" name="id" value={card.id} />
        <input type="hidden" name="language" value={locale} />
        <div className="field">
          <label htmlFor="giftcard-quantity">{t('quantity')}</label>
          <input id="giftcard-quantity" name="quantity" type="number" inputMode="numeric" min={1} max={max} defaultValue={1} aria-describedby="giftcard-quantity-hint" />
          <p id="giftcard-quantity-hint" className="field__hint">
            {t('maxPerOrder', { max })}
          </p>
        </div>
        <div className="actions">
          <button type="submit" className="button">
            {t('buy')}
          </button>
        </div>
        <p id="giftcard-new-tab" className="field__hint embed-only">
          {t('embedNewTab')}
        </p>
      </form>
    </div>
  );
}
