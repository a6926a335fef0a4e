import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { PlaceholderScreen } from '@/components/shell/placeholder-screen';
import { notFound } from 'next/navigation';
import { optionalSegment } from '@/lib/routes';

type Props = PageProps<{ type: string; reason?: string[] }>;

/** Loyalty landing page, `{reason?}`. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'fidelityLanding', `/frontpage/fidelity/${p.type}${p.reason?.length ? `/${p.reason[0]}` : ''}`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  if (optionalSegment(p.reason) === false) notFound();
  return <PlaceholderScreen params={p} screen="fidelityLanding" />;
}
