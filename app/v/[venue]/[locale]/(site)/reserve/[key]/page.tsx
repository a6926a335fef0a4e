import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';

type Props = PageProps<{ key: string }>;

/** Message after a booking; `key` is the messageType (Next needs one slug name per level). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'reserveMessage', `/reserve/${p.key}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <PlaceholderScreen params={p} screen="reserveMessage" />;
}
