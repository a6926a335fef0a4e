import type { PageProps } from '@/app/_screens/shell/page-props';
import { onDemand } from '@/components/shell/on-demand';
import { PromoScreen, promoMetadata } from '@/app/_screens/promo/screens';

type Props = PageProps<{ urlName: string }>;

/** Promotion page: generated once per venue, language and promotion, then served from cache. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  return promoMetadata(await params);
}

export default async function Page({ params }: Props) {
  return <PromoScreen params={await params} />;
}
