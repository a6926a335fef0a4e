import type { PageProps } from '@/components/shell/page-props';
import { PromoRedeemScreen, promoCodeMetadata } from '@/components/promo/code-screens';

type Props = PageProps<{ urlName: string; id: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Staff redemption of a promo code (the QR code's signed link). Rendered on every request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return { ...(await promoCodeMetadata(await params)), robots: { index: false, follow: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const s = (await searchParams).s;
  return <PromoRedeemScreen params={await params} signature={typeof s === 'string' ? s : null} />;
}
