import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { GiftcardErrorScreen } from '@/app/_screens/giftcards/error-screens';

type Props = PageProps<{ fingerprint: string }>;

/** Gift card creation error. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardCreateError', `/frontpage/giftcard/create/error/${p.fingerprint}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <GiftcardErrorScreen params={p} kind="create" />;
}
