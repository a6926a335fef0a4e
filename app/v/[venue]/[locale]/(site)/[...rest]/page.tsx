import { enterVenue } from '@/app/_screens/shell/venue-context';
import type { PageProps } from '@/app/_screens/shell/page-props';
import { onDemand } from '@/components/shell/on-demand';
import { NotFoundPage } from '@/app/_screens/shell/not-found-page';

export const generateStaticParams = onDemand;

/** Any other path: "Page not found" (spec section 2), with a 404 status. */
export default async function UnknownPage({ params }: PageProps<{ rest: string[] }>) {
  enterVenue(await params);
  return <NotFoundPage />;
}
