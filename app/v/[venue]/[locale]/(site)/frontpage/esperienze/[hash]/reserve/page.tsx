import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { loadExperience } from '@/server/experiences/data';
import { onDemand } from '@/components/shell/on-demand';
import { ExperienceReserveScreen } from '@/app/_screens/experiences/experience-reserve-screen';

type Props = PageProps<{ hash: string }>;

/** Book that experience. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'experienceReserve', `/frontpage/esperienze/${p.hash}/reserve`);
  return (await loadExperience(p.venue, p.hash)) ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <ExperienceReserveScreen params={p} hash={p.hash} />;
}
