import type { PageProps } from '@/app/_screens/shell/page-props';
import { bookingPageMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { experienceBookingLookup } from '@/server/booking/lookups';
import { EditExperienceBookingScreen } from '@/app/_screens/experiences/booking-pages';

type Props = PageProps<{ key: string }>;

/** Change an experience booking whose hash is `key`. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata({ ...(await screenMetadata(p, 'experienceEdit', `/frontpage/esperienze/prenotazione/${p.key}/edit`)), robots: { index: false } }, experienceBookingLookup(p.venue, p.key));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <EditExperienceBookingScreen params={{ ...p, key: p.key }} />;
}
