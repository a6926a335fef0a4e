import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Props = PageProps<{ id?: string[] }>;

/** Gift card checkout, `{id?}`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardCheckout', `/frontpage/giftcard/checkout${p.id?.length ? `/${p.id[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const id = optionalSegment(p.id);
  if (id === false) return <NotFoundPage />;
  return <PlaceholderScreen params={p} screen="giftcardCheckout" />;
}
