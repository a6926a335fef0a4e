import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { ExperienceScreen } from '@/components/experiences/experience-screen';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { isExperienceOutcome } from '@/lib/routes';

type Props = PageProps<{ hash: string }>;

/** One experience, or `/frontpage/esperienze/{messageType}` (both routes share this level). */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, isExperienceOutcome(p.hash) ? 'experienceMessage' : 'experience', `/frontpage/esperienze/${p.hash}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return isExperienceOutcome(p.hash) ? (
    <PlaceholderScreen params={p} screen="experienceMessage" />
  ) : (
    <ExperienceScreen params={p} hash={p.hash} />
  );
}
