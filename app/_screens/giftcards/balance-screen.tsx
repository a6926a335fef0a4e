import { getTranslations } from 'next-intl/server';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { balanceNamespaces } from './namespaces';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { BalanceForm } from '@/components/giftcards/balance-form';

/** `/frontpage/giftcard/balance`: the card holder checks what is left on a card; a test card says "Test – no value". */
export async function GiftcardBalanceScreen({ params }: { params: VenueParams }) {
  const { locale, location } = await loadVenue(params);
  const t = await getTranslations('giftcards.balance');
  return (
    <div className="form-page">
      <h1>{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <ClientTexts namespaces={balanceNamespaces}>
        <BalanceForm locale={locale} currency={location.valuta} />
      </ClientTexts>
    </div>
  );
}
