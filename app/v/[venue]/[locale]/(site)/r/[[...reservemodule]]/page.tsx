import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { getLocation } from '@/server/venues/data';
import { onDemand } from '@/components/shell/on-demand';
import { ReserveScreen } from '@/app/_screens/reservation/reserve-screen';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

type Props = PageProps<{ reservemodule?: string[] }>;

/** Reservation form with a booking module, `{reservemodule?}`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'reserve', `/r${p.reservemodule?.length ? `/${p.reservemodule[0]}` : ''}`);
  const bookingModule = optionalSegment(p.reservemodule);
  const location = bookingModule ? await getLocation(p.venue) : null;
  const known = bookingModule === null || (bookingModule !== false && (!location || location.booking.modules.some((m) => m.key === bookingModule)));
  return known ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const bookingModule = optionalSegment(p.reservemodule);
  if (bookingModule === false) return <NotFoundPage />;
  return <ReserveScreen params={p} module={bookingModule} />;
}
