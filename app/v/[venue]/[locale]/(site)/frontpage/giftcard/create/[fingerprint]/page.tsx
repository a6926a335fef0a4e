import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { GiftcardCreateScreen } from '@/components/giftcards/create-screen';

type Props = PageProps<{ fingerprint: string }>;

/** Gift card creation step: the page is the same for every order (the poller asks the server). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardCreate', `/frontpage/giftcard/create/${p.fingerprint}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <GiftcardCreateScreen params={p} fingerprint={p.fingerprint} />;
}
