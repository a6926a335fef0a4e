import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { GiftcardBalanceScreen } from '@/app/_screens/giftcards/balance-screen';

/** A gift card's balance, for its holder (beyond the spec, issue 15). */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'giftcardList', '/frontpage/giftcard/balance');
}

export default async function Page({ params }: PageProps) {
  return <GiftcardBalanceScreen params={await params} />;
}
