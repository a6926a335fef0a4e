import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';

type Props = PageProps;

/** Alias of /frontpage/giftcards. */
export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardList', '/frontpage/giftcards');
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <PlaceholderScreen params={p} screen="giftcardList" />;
}
