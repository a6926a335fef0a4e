import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { isExperienceOutcome } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';
import { ExperienceOutcomeScreen } from '@/app/_screens/experiences/experience-outcome-screen';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';

type Props = PageProps<{ hash: string; pax: string }>;

/** `/frontpage/esperienze/{hash}/{messageType}`: the experience booking outcome. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return { ...(await screenMetadata(p, 'experienceMessage', `/frontpage/esperienze/${p.hash}/${p.pax}`)), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (!isExperienceOutcome(p.pax)) return <NotFoundPage />;
  return <ExperienceOutcomeScreen params={p} hash={p.hash} outcome={p.pax as ExperienceOutcome} />;
}
