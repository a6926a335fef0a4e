import { decodeSegment } from '@/lib/params';
import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { GiftcardCheckoutScreen } from '@/app/_screens/giftcards/checkout-screen';

type Props = PageProps<{ id?: string[] }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Gift card checkout, `{id?}`. Per guest (the session cookie): rendered on every request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardCheckout', `/frontpage/giftcard/checkout${p.id?.length ? `/${p.id[0]}` : ''}`);
}

export default async function Page({ params, searchParams }: Props) {
  const [p, q] = await Promise.all([params, searchParams]);
  const id = optionalSegment(p.id);
  const decoded = id ? decodeSegment(id) : null;
  if (id === false || (id && decoded === null)) return <NotFoundPage />;
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  return <GiftcardCheckoutScreen params={p} id={decoded} query={{ cancelled: one(q.cancelled) }} />;
}
