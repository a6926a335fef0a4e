import type { PageProps } from '@/app/_screens/shell/page-props';
import { listMetadata } from '@/app/_screens/shell/metadata';
import { ExperienceListScreen } from '@/app/_screens/experiences/experience-list-screen';

type Props = PageProps;

/** Experience booking form: the list to choose from. */
export async function generateMetadata({ params }: Props) {
  const p = await params;
  return listMetadata(p, 'experienceBooking', '/frontpage/esperienze', 'experiences');
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <ExperienceListScreen params={p} />;
}
