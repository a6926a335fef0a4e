import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';

type Props = PageProps;

/** Loyalty sign-up form. */
export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'fidelity', '/frontpage/fidelity');
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <PlaceholderScreen params={p} screen="fidelity" />;
}
