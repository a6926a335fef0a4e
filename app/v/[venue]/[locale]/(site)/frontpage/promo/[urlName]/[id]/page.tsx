import type { PageProps } from '@/app/_screens/shell/page-props';
import { PromoCodeScreen, promoCodeMetadata } from '@/app/_screens/promo/code-screens';

type Props = PageProps<{ urlName: string; id: string }>;

/** Promo code detail. Per guest and changing (used): rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return promoCodeMetadata(await params);
}

export default async function Page({ params }: Props) {
  return <PromoCodeScreen params={await params} />;
}
