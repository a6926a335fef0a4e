import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { ReserveScreen } from '@/components/reservation/reserve-screen';

/** Table reservation form. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'reserve', '/reserve');
}

export default async function Page({ params }: PageProps) {
  return <ReserveScreen params={await params} />;
}
