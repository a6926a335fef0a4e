import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { GiftcardErrorScreen } from '@/app/_screens/giftcards/error-screens';
import { isPaymentRoute, optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

type Props = PageProps<{ action: string; provider: string; fingerprint?: string[] }>;

/** Payment error page. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'paymentError', `/frontpage/${p.action}/${p.provider}/error${p.fingerprint?.length ? `/${p.fingerprint[0]}` : ''}`);
  return isPaymentRoute(p.action, p.provider) && optionalSegment(p.fingerprint) !== false ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (!isPaymentRoute(p.action, p.provider) || optionalSegment(p.fingerprint) === false) return <NotFoundPage />;
  return <GiftcardErrorScreen params={p} kind="payment" />;
}
