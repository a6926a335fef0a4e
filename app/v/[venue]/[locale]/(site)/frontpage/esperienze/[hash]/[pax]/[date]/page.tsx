import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { parseDate, parsePax } from '@/lib/params';
import { ExperienceReserveScreen } from '@/app/_screens/experiences/experience-reserve-screen';

type Props = PageProps<{ hash: string; pax: string; date: string }>;

/** Experience form prefilled with party size and date. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'experienceReserve', `/frontpage/esperienze/${p.hash}/${p.pax}/${p.date}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const [pax, date] = [parsePax(p.pax), parseDate(p.date)];
  if (!pax || !date) return <NotFoundPage />;
  return <ExperienceReserveScreen params={p} hash={p.hash} pax={pax} date={date} />;
}
