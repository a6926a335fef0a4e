import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { GiftcardCardScreen } from '@/components/giftcards/card-screen';

type Props = PageProps<{ token: string }>;

/** A card's printable page (its balance changes): never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return { ...(await screenMetadata(p, 'giftcardDetails', `/frontpage/giftcard/card/${p.token}`)), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <GiftcardCardScreen params={p} token={p.token} />;
}
