import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { MessageScreen } from '@/app/_screens/shell/message-screen';

type Props = PageProps<{ id: string }>;

/** Gift card not available (route spelt as in the contract). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'giftcardNotAvailable', `/frontpage/giftcard/${p.id}/notavalaible`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <MessageScreen params={p} titleKey="giftcards.notAvailableTitle" textKey="giftcards.notAvailableText" />;
}
