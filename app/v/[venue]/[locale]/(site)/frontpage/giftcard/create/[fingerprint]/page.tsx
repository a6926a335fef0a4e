import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { GiftcardCreateScreen } from '@/app/_screens/giftcards/create-screen';

type Props = PageProps<{ fingerprint: string }>;

/** Gift card creation step (the poller asks the server); one per order, so never kept in the page cache. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardCreate', `/frontpage/giftcard/create/${p.fingerprint}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <GiftcardCreateScreen params={p} fingerprint={p.fingerprint} />;
}
