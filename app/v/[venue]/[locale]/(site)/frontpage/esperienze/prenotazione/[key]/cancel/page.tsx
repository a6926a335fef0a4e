import type { PageProps } from '@/app/_screens/shell/page-props';
import { bookingPageMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { experienceBookingLookup } from '@/server/booking/lookups';
import { CancelExperienceBookingScreen } from '@/app/_screens/experiences/booking-pages';

type Props = PageProps<{ key: string }>;

/** Cancel an experience booking, with a confirmation step, the fee and what happens to a deposit. Rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata({ ...(await screenMetadata(p, 'experienceCancel', `/frontpage/esperienze/prenotazione/${p.key}/cancel`)), robots: { index: false } }, experienceBookingLookup(p.venue, p.key));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <CancelExperienceBookingScreen params={{ ...p, key: p.key }} />;
}
