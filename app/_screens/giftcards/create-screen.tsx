import { getTranslations } from 'next-intl/server';
import { localizedPath } from '@/lib/i18n/paths';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { CreatePoller } from '@/components/giftcards/create-poller';
import { MessagePanel } from '@/components/shell/message-panel';

/** `/frontpage/giftcard/create/{fingerprint}`: progress while the payment is confirmed (spec section 4). */
export async function GiftcardCreateScreen({ params, fingerprint }: { params: VenueParams; fingerprint: string }) {
  const { locale } = await loadVenue(params);
  const t = await getTranslations('giftcards.create');
  return (
    <MessagePanel title={t('title')} text={t('text')} busy>
      <CreatePoller
        fingerprint={fingerprint}
        paidPath={localizedPath(locale, `/frontpage/giftcard/purchaseconfirmation/${fingerprint}`)}
        errorPath={localizedPath(locale, `/frontpage/giftcard/create/error/${fingerprint}`)}
        slowText={t('slow')}
      />
    </MessagePanel>
  );
}
