import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { checkoutNamespaces } from './namespaces';
import { pickText } from '@/lib/i18n/texts';
import { getGiftcardList, getPrefixList } from '@/server/venues/data';
import { phonePrefixes } from '@/lib/venue/prefixes';
import { giftcardSession } from '@/server/giftcards/session';
import { GiftcardCheckoutFormDeferred } from '@/components/giftcards/checkout-form-deferred';
import { MessagePanel } from '@/components/shell/message-panel';

type Query = { cancelled?: string };

/**
 * `/frontpage/giftcard/checkout/{id?}`: the order summary, the buyer, the recipient, the
 * payment method and the consents (spec section 2). What was typed lives in the encrypted
 * session cookie, so a cancelled payment comes back here filled in.
 */
export async function GiftcardCheckoutScreen({ params, id, query }: { params: VenueParams; id: string | null; query: Query }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, cards, prefixList, session] = await Promise.all([
    getTranslations('giftcards'),
    getGiftcardList(venueKey),
    getPrefixList(venueKey, locale),
    giftcardSession(),
  ]);
  if (cards.length === 0) {
    return (
      <MessagePanel title={t('checkout.title')} text={t('empty')} role="status" />
    );
  }
  const kept = session.form ?? {};
  const chosen = cards.find((c) => c.id === id)?.id ?? (cards.find((c) => c.id === kept.id)?.id || cards[0].id);
  const quantity = kept.quantity ?? '1';
  const { prefixes, defaultPrefix } = phonePrefixes(prefixList, location.country);
  const initial = { prefix: defaultPrefix, recipientPrefix: defaultPrefix, ...kept, id: chosen, quantity };
  return (
    <div className="form-page form-page--wide">
      <h1>{t('checkout.title')}</h1>
      {query.cancelled ? (
        <p className="notice" role="status">
          {t('checkout.cancelled')}
        </p>
      ) : null}
      <ClientTexts namespaces={checkoutNamespaces}>
        <GiftcardCheckoutFormDeferred
          locale={locale}
          currency={location.valuta}
          cards={cards.map((c) => ({ id: c.id, title: pickText(c.title, locale), value: c.value, price: c.price, customMin: c.customMin, customMax: c.customMax, maxQuantity: c.maxQuantity }))}
          initial={initial}
          prefixes={prefixes}
          country={location.country}
          policies={{ privacy: pickText(location.policies.privacy, locale), marketing: pickText(location.policies.marketing, locale) }}
        />
      </ClientTexts>
    </div>
  );
}
