import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { OfferScreen } from '@/app/_screens/reservation/offer-screen';

type Props = PageProps<{ id: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A waiting-list offer's claim page (issue 24): per offer, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const { id, ...venue } = await params;
  return { ...(await screenMetadata(venue, 'reserveMessage', `/frontpage/waitlist/${encodeURIComponent(id)}`)), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const { id, ...venue } = await params;
  const s = (await searchParams).s;
  return <OfferScreen params={venue} id={/^\d{1,9}$/.test(id) ? Number(id) : 0} signature={typeof s === 'string' ? s : ''} />;
}
