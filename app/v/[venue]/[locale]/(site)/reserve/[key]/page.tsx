import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { ReservationOutcomeScreen, reservationOutcomes, type OutcomeKey } from '@/app/_screens/reservation/outcome-screen';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

type Props = PageProps<{ key: string }>;

/** Message after a booking; `key` is the messageType (Next needs one slug name per level). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'reserveMessage', `/reserve/${p.key}`);
  return (reservationOutcomes as readonly string[]).includes(p.key) ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if ((reservationOutcomes as readonly string[]).includes(p.key)) return <ReservationOutcomeScreen params={p} outcome={p.key as OutcomeKey} />;
  return <NotFoundPage />;
}
