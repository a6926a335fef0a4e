import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { isExperienceOutcome } from '@/lib/routes';
import { NotFoundPage } from '@/components/shell/not-found-page';

type Props = PageProps<{ hash: string; pax: string }>;

/** `/frontpage/esperienze/{hash}/{messageType}`: the experience booking outcome. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'experienceMessage', `/frontpage/esperienze/${p.hash}/${p.pax}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (!isExperienceOutcome(p.pax)) return <NotFoundPage />;
  return <PlaceholderScreen params={p} screen="experienceMessage" />;
}
