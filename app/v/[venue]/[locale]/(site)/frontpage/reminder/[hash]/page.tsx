import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { ReminderScreen } from '@/app/_screens/reservation/reminder-screen';

type Props = PageProps<{ hash: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The reminder's "I'm coming" / "Cancel" page (issue 24): per booking, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const { hash, ...venue } = await params;
  return { ...(await screenMetadata(venue, 'reserveMessage', `/frontpage/reminder/${encodeURIComponent(hash)}`)), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const { hash, ...venue } = await params;
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
  return <ReminderScreen params={venue} hash={hash} query={{ a: one(q.a), v: one(q.v), s: one(q.s) }} />;
}
