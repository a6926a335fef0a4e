import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';

type Props = PageProps<{ key: string }>;

/** Edit succeeded. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'reserveEditConfirm', `/reserve/${p.key}/edit/confirm`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <PlaceholderScreen params={p} screen="reserveEditConfirm" />;
}
