import type { PageProps } from '@/app/_screens/shell/page-props';
import { PromoOutcomeScreen, promoOutcomeMetadata } from '@/app/_screens/promo/outcome-screen';

type Props = PageProps<{ urlName: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Promo creation success, with the link to the new code (`?id=`): rendered per request. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return promoOutcomeMetadata(await params, 'confirm');
}

export default async function Page({ params, searchParams }: Props) {
  const id = (await searchParams).id;
  return <PromoOutcomeScreen params={await params} outcome="confirm" id={typeof id === 'string' ? id : null} />;
}
