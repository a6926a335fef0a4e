import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { GiftcardConfirmationScreen } from '@/app/_screens/giftcards/confirmation-screen';

type Props = PageProps<{ fingerprint?: string[] }>;

/** Purchase confirmation, `{fingerprint?}` (else the session's last purchase): per order, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardPurchaseConfirmation', `/frontpage/giftcard/purchaseconfirmation${p.fingerprint?.length ? `/${p.fingerprint[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const fingerprint = optionalSegment(p.fingerprint);
  if (fingerprint === false) return <NotFoundPage />;
  return <GiftcardConfirmationScreen params={p} fingerprint={fingerprint} />;
}
