import type { PageProps } from '@/app/_screens/shell/page-props';
import { bookingPageMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { reservationLookup } from '@/server/booking/lookups';
import { CancelScreen } from '@/app/_screens/reservation/booking-pages';

type Props = PageProps<{ key: string }>;

/** Cancel a booking, with a confirmation step and the fee that applies. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata(await screenMetadata(p, 'reserveCancel', `/reserve/${p.key}/cancel`), reservationLookup(p.venue, p.key));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <CancelScreen params={{ ...p, key: p.key }} />;
}
