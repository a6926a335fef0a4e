import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { HomePage } from '@/components/home/home-page';

type Props = PageProps;

/** The venue landing page. */
export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'home', '/');
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <HomePage params={p} />;
}
