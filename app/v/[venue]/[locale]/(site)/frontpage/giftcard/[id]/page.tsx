import { decodeSegment } from '@/lib/params';
import { NotFoundPage } from '@/components/shell/not-found-page';
import type { PageProps } from '@/components/shell/page-props';
import { giftcardMetadata } from '@/components/giftcards/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { GiftcardDetailsScreen } from '@/components/giftcards/details-screen';

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
