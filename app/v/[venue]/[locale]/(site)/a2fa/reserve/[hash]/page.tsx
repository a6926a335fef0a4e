import type { PageProps } from '@/app/_screens/shell/page-props';
import { bookingPageMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { smsStatusLookup } from '@/server/booking/lookups';
import { SmsConfirmationScreen } from '@/app/_screens/reservation/booking-pages';

type Props = PageProps<{ hash: string }>;

/** SMS-code confirmation of a suspended reservation. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return bookingPageMetadata(await screenMetadata(p, 'reserveSmsConfirmation', `/a2fa/reserve/${p.hash}`), smsStatusLookup(p.venue, p.hash));
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <SmsConfirmationScreen params={{ ...p, key: p.hash }} />;
}
