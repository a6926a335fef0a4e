import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';

type Props = PageProps<{ urlName: string; id: string }>;

/** Promo code detail (alias). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'promoCode', `/frontpage/promo/${p.urlName}/${p.id}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <PlaceholderScreen params={p} screen="promoCode" />;
}
