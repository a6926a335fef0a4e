import { useTranslations } from 'next-intl';
import { formatPrice } from '@/lib/currency';
import { colon } from '@/lib/i18n/colon';
import type { Experience } from '@/lib/contract/experience';

/** `tipoAcquisto` (docs/experiences.md): 1 a deposit per guest at booking, 2 the whole price at booking, 0 at the venue. */
const PURCHASE_DEPOSIT = 1;
const PURCHASE_PREPAID = 2;

/**
 * The price per guest and what is paid when (issue 45): the deposit per guest and that the rest
 * is paid at the venue, the whole price at booking, or all at the venue, as the experience's
 * data says, on the list and the detail page, before the guest reaches the payment step.
 */
export function ExperiencePrice({ experience: e, currency, locale }: { experience: Pick<Experience, 'prezzo' | 'importoDepositoAcconto' | 'tipoAcquisto'>; currency: string; locale: string }) {
  const t = useTranslations('experiences');
  if (e.prezzo <= 0 && !(e.tipoAcquisto === PURCHASE_DEPOSIT && e.importoDepositoAcconto > 0)) return null;
  const money = (amount: number) => formatPrice(amount, currency, locale);
  const payment =
    e.tipoAcquisto === PURCHASE_DEPOSIT && e.importoDepositoAcconto > 0
      ? t('payDeposit', { amount: money(e.importoDepositoAcconto) })
      : e.tipoAcquisto === PURCHASE_PREPAID && e.prezzo > 0
        ? t('payPrepaid')
        : t('payAtVenue');
  return (
    <p className="price">
      {e.prezzo > 0 ? (
        <>
          {t('price')}
          {colon(locale)}
          {money(e.prezzo)} {t('perPerson')}
          {' · '}
        </>
      ) : null}
      <span className="price__payment">{payment}</span>
    </p>
  );
}
