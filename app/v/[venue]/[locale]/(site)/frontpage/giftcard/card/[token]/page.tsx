import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { backendFor } from '@/server/backend';
import { GiftcardCardScreen } from '@/app/_screens/giftcards/card-screen';

type Props = PageProps<{ token: string }>;

/** A card's printable page (its balance changes): never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = { ...(await screenMetadata(p, 'giftcardDetails', `/frontpage/giftcard/card/${p.token}`)), robots: { index: false } };
  const card = await backendFor(p.venue).giftcards.card(p.token);
  return card.status ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <GiftcardCardScreen params={p} token={p.token} />;
}
