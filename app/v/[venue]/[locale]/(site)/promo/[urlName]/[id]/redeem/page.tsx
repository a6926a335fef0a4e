import type { PageProps } from '@/app/_screens/shell/page-props';
import { PromoRedeemScreen, promoRedeemMetadata } from '@/app/_screens/promo/code-screens';

type Props = PageProps<{ urlName: string; id: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Staff redemption of a promo code (alias) (the QR code's signed link). Rendered on every request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return promoRedeemMetadata(await params);
}

export default async function Page({ params, searchParams }: Props) {
  return <PromoRedeemScreen params={await params} searchParams={await searchParams} />;
}
