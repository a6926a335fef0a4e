import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { ExperienceScreen } from '@/app/_screens/experiences/experience-screen';
import { ExperienceOutcomeScreen } from '@/app/_screens/experiences/experience-outcome-screen';
import { experienceMetadata } from '@/app/_screens/experiences/metadata';
import { isExperienceOutcome } from '@/lib/routes';
import type { ExperienceOutcome } from '@/lib/contract/experience-booking';

type Props = PageProps<{ hash: string }>;

/** One experience, or `/frontpage/esperienze/{messageType}` (both routes share this level). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  if (isExperienceOutcome(p.hash)) return { ...(await screenMetadata(p, 'experienceMessage', `/frontpage/esperienze/${p.hash}`)), robots: { index: false } };
  return experienceMetadata(p, p.hash);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return isExperienceOutcome(p.hash) ? <ExperienceOutcomeScreen params={p} outcome={p.hash as ExperienceOutcome} /> : <ExperienceScreen params={p} hash={p.hash} />;
}
