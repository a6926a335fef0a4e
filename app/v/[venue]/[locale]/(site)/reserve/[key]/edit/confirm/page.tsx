import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { bookingPageMetadata, reservationLookup } from '@/components/shell/booking-lookups';
import { EditConfirmScreen } from '@/components/reservation/booking-pages';

type Props = PageProps<{ key: string }>;

/** Edit succeeded: the booking as it now stands. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata(await screenMetadata(p, 'reserveEditConfirm', `/reserve/${p.key}/edit/confirm`), reservationLookup(p.venue, p.key));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <EditConfirmScreen params={{ ...p, key: p.key }} />;
}
