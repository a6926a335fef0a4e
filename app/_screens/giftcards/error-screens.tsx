import { getTranslations } from 'next-intl/server';
import { MessageScreen } from '@/app/_screens/shell/message-screen';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';

/** Spec section 8: "Error during payment" and "Error during gift card creation", each with a way back to the checkout (its data kept). */
export async function GiftcardErrorScreen({ params, kind }: { params: VenueParams; kind: 'payment' | 'create' }) {
  await loadVenue(params);
  const [t, shell] = await Promise.all([getTranslations('giftcards.payment'), getTranslations('shell')]);
  const actions = [
    { href: '/frontpage/giftcard/checkout', label: t('backToCheckout') },
    { href: '/', label: shell('backHome'), ghost: true },
  ];
  return kind === 'payment' ? (
    <MessageScreen params={params} titleKey="payment.errorTitle" textKey="payment.errorText" actions={actions} />
  ) : (
    <MessageScreen params={params} titleKey="giftcards.createErrorTitle" textKey="giftcards.createErrorText" actions={actions} />
  );
}
