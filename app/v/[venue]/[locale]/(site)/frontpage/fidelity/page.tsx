import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { FidelityScreen } from '@/components/fidelity/fidelity-screen';

/** Loyalty sign-up form. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'fidelity', '/frontpage/fidelity');
}

export default async function Page({ params }: PageProps) {
  return <FidelityScreen params={await params} />;
}
