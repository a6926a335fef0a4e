import type { PageProps } from '@/app/_screens/shell/page-props';
import { listMetadata } from '@/app/_screens/shell/metadata';
import { GiftcardListScreen } from './list-screen';

/** The gift card list: one module for `/frontpage/giftcards` and its alias `/frontpage/giftcard`. */
export async function generateMetadata({ params }: PageProps) {
  return listMetadata(await params, 'giftcardList', '/frontpage/giftcards', 'giftcards');
}

export default async function GiftcardListPage({ params }: PageProps) {
  return <GiftcardListScreen params={await params} />;
}
