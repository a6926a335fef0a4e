import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { MessageScreen } from '@/components/shell/message-screen';

type Props = PageProps<{ urlName: string }>;

/** Promo already requested. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'promoDuplicate', `/promo/${p.urlName}/duplicate`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <MessageScreen params={p} titleKey="promo.duplicateTitle" textKey="promo.duplicateText" />;
}
