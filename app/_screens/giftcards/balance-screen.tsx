import { getTranslations } from 'next-intl/server';
import { getRawMessages } from '@/lib/i18n/messages';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { BalanceForm } from '@/components/giftcards/balance-form';

/** `/frontpage/giftcard/balance`: the card holder checks what is left on a card; a test card says "Test – no value". */
export async function GiftcardBalanceScreen({ params }: { params: VenueParams }) {
  const { locale, location } = await loadVenue(params);
  const [t, print, messages] = await Promise.all([getTranslations('giftcards.balance'), getTranslations('giftcards.print'), getRawMessages()]);
  const errors = messages.giftcards.errors;
  return (
    <div className="form-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <BalanceForm locale={locale} valuta={location.valuta} text={{ code: t('code'), submit: t('submit'), balance: t('balance'), validUntil: t('validUntil'), expired: t('expired'), testNoValue: print('testNoValue'), errors }} />
    </div>
  );
}
