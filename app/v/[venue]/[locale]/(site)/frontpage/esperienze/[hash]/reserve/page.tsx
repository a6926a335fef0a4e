import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { ExperienceReserveScreen } from '@/components/experiences/experience-reserve-screen';

type Props = PageProps<{ hash: string }>;

/** Book that experience. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'experienceReserve', `/frontpage/esperienze/${p.hash}/reserve`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <ExperienceReserveScreen params={p} hash={p.hash} />;
}
