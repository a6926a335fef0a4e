import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { EditErrorScreen } from '@/app/_screens/reservation/booking-pages';

type Props = PageProps<{ key: string }>;

/** Edit failed. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'reserveEditError', `/reserve/${p.key}/edit/error`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <EditErrorScreen params={{ ...p, key: p.key }} />;
}
