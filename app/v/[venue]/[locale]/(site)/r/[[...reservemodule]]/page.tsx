import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { ReserveScreen } from '@/components/reservation/reserve-screen';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Props = PageProps<{ reservemodule?: string[] }>;

/** Reservation form with a booking module, `{reservemodule?}`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'reserve', `/r${p.reservemodule?.length ? `/${p.reservemodule[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const bookingModule = optionalSegment(p.reservemodule);
  if (bookingModule === false) return <NotFoundPage />;
  return <ReserveScreen params={p} module={bookingModule} />;
}
