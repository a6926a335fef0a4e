import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { backendFor } from '@/server/backend';
import { backendCannotAnswer } from '@/server/http/link-form';
import { Unavailable } from '@/app/_screens/shell/looked-up';
import { formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import FeeAuthenticate from '@/components/payments/fee-authenticate';
import { MessagePanel } from '@/components/shell/message-panel';
import { ClientTexts } from '@/app/_screens/shell/client-texts';
import { PostForm } from '@/components/forms/post-form';
import { colon } from '@/lib/i18n/colon';

/**
 * `/frontpage/fee/{id}?s=`: where a guest whose bank held back the no-show fee confirms it
 * (server/payments/noshow.ts). Stripe: Stripe.js asks the bank's check in place, and the
 * signed webhook records the payment. The local test provider: a plain form (no scripts
 * needed) approves or refuses the simulated check. The GET changes nothing. Read through the
 * link door (`guestLinks.fee`; on a front the contract's `payment/feelink`, which checks the link).
 */
export async function FeeScreen({ params, id, signature, publishableKey }: { params: VenueParams; id: number; signature: string; publishableKey: string | null }) {
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('noshow.page');
  const result = await backendFor(venueKey).guestLinks.fee({ id, s: signature });
  if (!result.status && backendCannotAnswer(result.error)) return <Unavailable />;
  const page = result.status ? result.data : ({ state: 'invalid' } as const);
  if (page.state === 'invalid') {
    return (
      <MessagePanel title={t('title')}>
        <p role="alert">{t('invalid')}</p>
      </MessagePanel>
    );
  }
  const amount = formatMoney(page.amountCents, page.currency, locale);
  const done = { succeeded: t('paid', { amount }), failed: t('failed'), refunded: t('refunded'), settled: t('settled'), open: '' }[page.state];
  return (
    <MessagePanel title={t('title')} text={t('text', { amount, date: formatLongDate(page.date, locale), time: page.time })}>
      {page.policy ? (
        <p>
          <strong>{t('policy')}{colon(locale).trimEnd()}</strong> {page.policy}
        </p>
      ) : null}
      {page.state !== 'open' ? (
        <p role="status" data-testid="fee-state">
          {done}
        </p>
      ) : page.provider === 'stripe' && page.clientSecret && publishableKey ? (
        <ClientTexts namespaces={['noshow.page.pay', 'noshow.page.paid', 'noshow.page.error']}>
          <FeeAuthenticate publishableKey={publishableKey} clientSecret={page.clientSecret} paymentMethod={page.paymentMethod} amount={amount} />
        </ClientTexts>
      ) : (
        <PostForm
          action="/api/payments/fee"
          fields={{ id, s: signature }}
          language={locale}
          buttons={
            <>
              <button type="submit" name="approve" value="1" className="button">
                {t('pay', { amount })}
              </button>
              <button type="submit" name="approve" value="0" className="button button--ghost">
                {t('fail')}
              </button>
            </>
          }
        >
          <p className="hint">{t('localNote')}</p>
        </PostForm>
      )}
    </MessagePanel>
  );
}
