import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { HomePage } from '@/app/_screens/home/home-page';

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
