import QRCode from 'qrcode';
import { getTranslations } from 'next-intl/server';
import { backendFor } from '@/server/backend';
import { pickText } from '@/lib/i18n/texts';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { formatMoney } from '@/lib/currency';
import { formatDay } from '@/lib/i18n/format';
import { PrintButton } from '@/components/giftcards/print-button';
import { PassBadges } from '@/app/_screens/shell/wallet';
import { giftcardSerial } from '@/server/wallet/items';
import { colon } from '@/lib/i18n/colon';

const formatCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');

/** `/frontpage/giftcard/card/{token}`: one card, printable, with its QR code (made here on the server). */
export async function GiftcardCardScreen({ params, token }: { params: VenueParams; token: string }) {
  const { locale, location, venueKey } = await loadVenue(params);
  const t = await getTranslations('giftcards.print');
  const result = await backendFor(venueKey).giftcards.card(token);
  if (!result.status) return <NotFoundPage />;
  const card = result.data;
  const svg = await QRCode.toString(card.code, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  const validUntil = formatDay(card.validUntil, locale);
  return (
    <article className="message-panel giftcard-print">
      <p>{location.locationname}</p>
      {card.test ? (
        <p className="notice" role="note">
          <strong>{t('testNoValue')}</strong>
        </p>
      ) : null}
      <h1>{pickText(card.product, locale) || t('title')}</h1>
      <p className="price">
        {t('value')}{colon(locale)}<strong>{formatMoney(card.value, location.valuta, locale)}</strong>
      </p>
      <p>
        {t('code')}{colon(locale)}<strong style={{ fontFamily: 'monospace', fontSize: '1.3em' }}>{formatCode(card.code)}</strong>
      </p>
      <div role="img" aria-label={t('qr')} style={{ width: 180, height: 180 }} dangerouslySetInnerHTML={{ __html: svg }} />
      <dl className="summary__list">
        <dt>{t('balance')}</dt>
        <dd>{formatMoney(card.balance, location.valuta, locale)}</dd>
        <dt>{t('validUntil')}</dt>
        <dd>{validUntil}</dd>
        {card.to ? (
          <>
            <dt>{t('to')}</dt>
            <dd>{card.to}</dd>
          </>
        ) : null}
        <dt>{t('from')}</dt>
        <dd>{card.from}</dd>
        {card.message ? (
          <>
            <dt>{t('message')}</dt>
            <dd>{card.message}</dd>
          </>
        ) : null}
      </dl>
      <p className="field__hint">{pickText(card.regulations, locale)}</p>
      <PassBadges serial={giftcardSerial(token)} locale={locale} />
      <div className="actions giftcard-print__actions">
        <PrintButton label={t('print')} />
      </div>
    </article>
  );
}
