import { getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { ActionLink } from '@/components/shell/link';
import { backendFor, backendPageUrl } from '@/server/backend';
import { localizedPath } from '@/lib/i18n/paths';
import { loadVenue, type VenueParams } from '@/app/_screens/shell/venue-context';
import { giftcardSession } from '@/server/giftcards/session';
import { Redirector } from '@/components/giftcards/redirector';
import { MessagePanel } from '@/components/shell/message-panel';

const providerName = { stripe: 'Stripe', testpay: 'Test' } as const;

/**
 * `/frontpage/{action}/{provider}/{fingerprint?}`: "You are being redirected..." and on to the
 * hosted payment page (Stripe Checkout, or the local test provider with its "Test mode"
 * badge). Without a key: "Internal error: ... public key is missing." (spec section 8).
 */
export async function PaymentRedirectScreen({ params, provider, fingerprint }: { params: VenueParams; provider: 'stripe' | 'testpay'; fingerprint: string | null }) {
  const { locale, venueKey } = await loadVenue(params);
  const [t, p] = await Promise.all([getTranslations('giftcards.payment'), getTranslations('payment')]);
  const fp = fingerprint ?? (await giftcardSession()).fingerprint ?? '';
  const result = fp ? await backendFor(venueKey).giftcards.payment(fp) : null;
  const problem = (text: string) => (
    <MessagePanel title={p('errorTitle')} text={text} role="alert">
      <ActionLink href="/frontpage/giftcard/checkout">{t('backToCheckout')}</ActionLink>
    </MessagePanel>
  );
  if (!result || (!result.status && result.error === 'paymentNotFound')) return problem(t('notFound'));
  if (!result.status) return problem(t('default'));
  const view = result.data;
  if (view.provider !== provider) redirect(localizedPath(locale, `/frontpage/giftcard/${view.provider}/${fp}`));
  if (!view.configured) return problem(t('publicKeyMissing', { provider: providerName[provider] }));
  if (view.status === 'paid') redirect(localizedPath(locale, `/frontpage/giftcard/purchaseconfirmation/${fp}`));
  if (view.status === 'failed' || !view.url) redirect(localizedPath(locale, `/frontpage/giftcard/${provider}/error/${fp}`));
  const url = backendPageUrl(view.url);
  return (
    <div className="message-panel" role="status">
      {provider === 'testpay' ? <p className="badge badge--test">{t('testMode')}</p> : null}
      <h1>{p('redirecting')}</h1>
      <p>
        <a className="button" href={url}>
          {t('continue')}
        </a>
      </p>
      <Redirector url={url} />
    </div>
  );
}
