import type { PageProps } from '@/app/_screens/shell/page-props';
import { notFoundMetadata, screenMetadata } from '@/app/_screens/shell/metadata';
import { onDemand } from '@/components/shell/on-demand';
import { FidelityLanding, fidelityPageExists } from '@/app/_screens/fidelity/fidelity-landing';
import { optionalSegment } from '@/lib/routes';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

type Props = PageProps<{ type: string; reason?: string[] }>;

/** Loyalty landing page `{type}/{reason?}`, and the membership look-up. */
export const generateStaticParams = onDemand;

export async function generateMetadata({ params }: Props) {
  const p = await params;
  const base = await screenMetadata(p, 'fidelityLanding', `/frontpage/fidelity/${p.type}${p.reason?.length ? `/${p.reason[0]}` : ''}`);
  return fidelityPageExists(p.type, optionalSegment(p.reason)) ? base : notFoundMetadata(base);
}

export default async function Page({ params }: Props) {
  const p = await params;
  const reason = optionalSegment(p.reason);
  if (reason === false) return <NotFoundPage />;
  return <FidelityLanding params={p} type={p.type} reason={reason ?? undefined} />;
}
