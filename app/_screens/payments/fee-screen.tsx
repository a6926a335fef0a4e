import 'server-only';
import { getTranslations } from 'next-intl/server';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { feePageState } from '@/server/payments/fee-page';
import { formatLongDate } from '@/lib/i18n/format';
import { formatMoney } from '@/lib/currency';
import FeeAuthenticate from '@/components/payments/fee-authenticate';

/**
 * `/frontpage/fee/{id}?s=`: where a guest whose bank held back the no-show fee confirms it
 * (server/payments/noshow.ts). Stripe: Stripe.js asks the bank's check in place, and the
 * signed webhook records the payment. The local test provider: a plain form (no scripts
 * needed) approves or refuses the simulated check. The GET changes nothing.
 */
export async function FeeScreen({ params, id, signature, publishableKey }: { params: VenueParams; id: number; signature: string; publishableKey: string | null }) {
  const { locale, venueKey } = await loadVenue(params);
  const t = await getTranslations('noshow.page');
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKey);
  const page = venue ? await feePageState(db, venue, id, signature) : ({ state: 'invalid' } as const);
  if (page.state === 'invalid') {
    return (
      <div className="message-panel">
        <h1>{t('title')}</h1>
        <p role="alert">{t('invalid')}</p>
      </div>
    );
  }
  const amount = formatMoney(page.amountCents, page.currency, locale);
  const done = { succeeded: t('paid', { amount }), failed: t('failed'), refunded: t('refunded'), settled: t('settled'), open: '' }[page.state];
  return (
    <div className="message-panel">
      <h1>{t('title')}</h1>
      <p>{t('text', { amount, date: formatLongDate(page.date, locale), time: page.time })}</p>
      {page.policy ? (
        <p>
          <strong>{t('policy')}:</strong> {page.policy}
        </p>
      ) : null}
      {page.state !== 'open' ? (
        <p role="status" data-testid="fee-state">
          {done}
        </p>
      ) : page.provider === 'stripe' && page.clientSecret && publishableKey ? (
        <FeeAuthenticate
          publishableKey={publishableKey}
          clientSecret={page.clientSecret}
          paymentMethod={page.paymentMethod}
          texts={{ pay: t('pay', { amount }), paid: t('paid', { amount }), error: t('error') }}
        />
      ) : (
        <form method="post" action="/api/payments/fee" className="form">
          <p className="hint">{t('localNote')}</p>
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="s" value={signature} />
          <input type="hidden" name="language" value={locale} />
          <div className="actions">
            <button type="submit" name="approve" value="1" className="button">
              {t('pay', { amount })}
            </button>
            <button type="submit" name="approve" value="0" className="button button--ghost">
              {t('fail')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
