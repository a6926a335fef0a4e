import type { PageProps } from '@/app/_screens/shell/page-props';
import { onDemand } from '@/components/shell/on-demand';
import { PromoOutcomeScreen, promoOutcomeMetadata } from '@/app/_screens/promo/outcome-screen';

type Props = PageProps<{ urlName: string }>;

/** Promo request outcome `disabled`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  return promoOutcomeMetadata(await params, 'disabled');
}

export default async function Page({ params }: Props) {
  return <PromoOutcomeScreen params={await params} outcome="disabled" />;
}
