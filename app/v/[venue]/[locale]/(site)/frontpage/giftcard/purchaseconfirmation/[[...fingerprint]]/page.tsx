import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Props = PageProps<{ fingerprint?: string[] }>;

/** Purchase confirmation, `{fingerprint?}`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardPurchaseConfirmation', `/frontpage/giftcard/purchaseconfirmation${p.fingerprint?.length ? `/${p.fingerprint[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (optionalSegment(p.fingerprint) === false) return <NotFoundPage />;
  return <PlaceholderScreen params={p} screen="giftcardPurchaseConfirmation" />;
}
