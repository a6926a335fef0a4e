import { decodeSegment } from '@/lib/params';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import type { PageProps } from '@/app/_screens/shell/page-props';
import { giftcardMetadata } from '@/app/_screens/giftcards/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { GiftcardDetailsScreen } from '@/app/_screens/giftcards/details-screen';

type Props = PageProps<{ id: string }>;

/** Gift card details. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const id = decodeSegment(p.id);
  return giftcardMetadata(p, id ?? '');
}

export default async function Page({ params }: Props) {
  const p = await params;
  const id = decodeSegment(p.id);
  if (id === null) return <NotFoundPage />;
  return <GiftcardDetailsScreen params={p} id={id} />;
}
