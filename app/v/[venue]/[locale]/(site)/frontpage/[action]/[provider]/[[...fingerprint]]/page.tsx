import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { isPaymentRoute, optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { PaymentRedirectScreen } from '@/app/_screens/giftcards/payment-screen';

type Props = PageProps<{ action: string; provider: string; fingerprint?: string[] }>;

/** Redirect to the card payment provider: per order, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'paymentRedirect', `/frontpage/${p.action}/${p.provider}${p.fingerprint?.length ? `/${p.fingerprint[0]}` : ''}`);
  return isPaymentRoute(p.action, p.provider) && optionalSegment(p.fingerprint) !== false ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const fingerprint = optionalSegment(p.fingerprint);
  if (!isPaymentRoute(p.action, p.provider) || fingerprint === false) return <NotFoundPage />;
  return <PaymentRedirectScreen params={p} provider={p.provider as 'stripe' | 'testpay'} fingerprint={fingerprint} />;
}
