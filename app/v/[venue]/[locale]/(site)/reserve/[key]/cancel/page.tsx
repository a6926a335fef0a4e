import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { bookingPageMetadata, reservationLookup } from '@/components/shell/booking-lookups';
import { CancelScreen } from '@/components/reservation/booking-pages';

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
