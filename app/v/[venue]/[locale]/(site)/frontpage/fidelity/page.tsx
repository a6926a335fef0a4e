import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { FidelityScreen } from '@/app/_screens/fidelity/fidelity-screen';

/** Loyalty sign-up form. */
export async function generateMetadata({ params }: PageProps) {
  return screenMetadata(await params, 'fidelity', '/frontpage/fidelity');
}

export default async function Page({ params }: PageProps) {
  return <FidelityScreen params={await params} />;
}
