import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { ActionLink } from '@/components/shell/link';
import { backendFor } from '@/server/backend';
import { pickText } from '@/lib/i18n/texts';
import { localizedPath } from '@/lib/i18n/paths';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { giftcardSession } from '@/server/giftcards/session';
import { formatMoney } from '@/lib/currency';
import { formatDay, formatMoment } from '@/lib/i18n/format';
import { MessagePanel } from '@/components/shell/message-panel';

/**
 * `/frontpage/giftcard/purchaseconfirmation/{fingerprint?}`: the order number, date and
 * delivery, and "The gift card will be sent to:" with the address (spec section 2). It only
 * reads: the cards were created by the webhook or the creation step.
 */
export async function GiftcardConfirmationScreen({ params, fingerprint }: { params: VenueParams; fingerprint: string | null }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const [t, g, shell] = await Promise.all([getTranslations('giftcards.confirmation'), getTranslations('giftcards'), getTranslations('shell')]);
  const fp = fingerprint ?? (await giftcardSession()).fingerprint ?? '';
  const result = fp ? await backendFor(venueKey).giftcards.order(fp) : null;
  if (!result?.status) {
    return (
      <MessagePanel title={g('listTitle')} text={result && result.error !== 'notFound' ? g('purchaseError') : t('none')} role="status">
        <ActionLink href="/frontpage/giftcards">{g('backToList')}</ActionLink>
      </MessagePanel>
    );
  }
  const order = result.data;
  if (order.status === 'pending') redirect(localizedPath(locale, `/frontpage/giftcard/create/${fp}`));
  if (order.status === 'failed') redirect(localizedPath(locale, `/frontpage/giftcard/create/error/${fp}`));
  const date = formatMoment(order.date, locale, location.timezone || 'Europe/Rome');
  return (
    <MessagePanel title={t('title')}>
      <dl className="summary__list">
        <dt>{t('orderNumber')}</dt>
        <dd>{order.orderNumber}</dd>
        <dt>{t('date')}</dt>
        <dd>{date}</dd>
        <dt>{g('checkout.product')}</dt>
        <dd>{pickText(order.product, locale)}</dd>
        <dt>{g('checkout.quantity')}</dt>
        <dd>{order.quantity}</dd>
        <dt>{g('checkout.total')}</dt>
        <dd>{formatMoney(order.total, location.valuta, locale)}</dd>
        <dt>{t('delivery')}</dt>
        <dd>{order.deliverOn ? t('deliveryOn', { date: formatDay(order.deliverOn, locale) }) : t('deliveryEmail')}</dd>
      </dl>
      <p>
        {t('sentTo')} <strong>{order.sendTo}</strong>
      </p>
      <ActionLink href="/">{shell('backHome')}</ActionLink>
    </MessagePanel>
  );
}
