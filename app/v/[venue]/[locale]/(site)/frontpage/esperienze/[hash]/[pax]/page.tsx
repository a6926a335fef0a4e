import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { isExperienceOutcome } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';
import { ExperienceOutcomeScreen } from '@/components/experiences/experience-outcome-screen';
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
