import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { isPaymentRoute, optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Props = PageProps<{ action: string; provider: string; fingerprint?: string[] }>;

/** Redirect to the card payment provider. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'paymentRedirect', `/frontpage/${p.action}/${p.provider}${p.fingerprint?.length ? `/${p.fingerprint[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (!isPaymentRoute(p.action, p.provider) || optionalSegment(p.fingerprint) === false) return <NotFoundPage />;
  return <PlaceholderScreen params={p} screen="paymentRedirect" />;
}
