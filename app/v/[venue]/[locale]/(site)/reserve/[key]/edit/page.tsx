import type { PageProps } from '@/app/_screens/shell/page-props';
import { bookingPageMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { reservationLookup } from '@/server/booking/lookups';
import { EditReservationScreen } from '@/app/_screens/reservation/booking-pages';

type Props = PageProps<{ key: string }>;

/** Edit the reservation whose hash is `key`: the wizard, prefilled. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata(await screenMetadata(p, 'reserveEdit', `/reserve/${p.key}/edit`), reservationLookup(p.venue, p.key));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <EditReservationScreen params={{ ...p, key: p.key }} />;
}
