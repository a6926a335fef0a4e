import type { PageProps } from '@/components/shell/page-props';
import { screenMetadata } from '@/components/shell/metadata';
import { EditConfirmScreen } from '@/components/reservation/booking-pages';

type Props = PageProps<{ key: string }>;

/** Edit succeeded: the booking as it now stands. Per booking and changing: rendered on every request, never cached. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const p = await params;
  return screenMetadata(p, 'reserveEditConfirm', `/reserve/${p.key}/edit/confirm`);
}

export default async function Page({ params }: Props) {
  const p = await params;
  return <EditConfirmScreen params={{ ...p, key: p.key }} />;
}
