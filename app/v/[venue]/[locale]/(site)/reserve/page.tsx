import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { ReserveScreen } from '@/app/_screens/reservation/reserve-screen';

/** Table reservation form. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'reserve', '/reserve');
}

export default async function Page({ params }: PageProps) {
  return <ReserveScreen params={await params} />;
}
