import type { PageProps } from '@/app/_screens/shell/page-props';
import { StaffScreen, staffMetadata } from '@/app/_screens/staff/staff-screen';

/** The venue's staff area (issue 23): per device and per request, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps) {
  return staffMetadata(await params);
}

type Props = PageProps & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `/staff?date=yyyy-mm-dd` (issue 44): the day in the address, today without one (or with a malformed one). */
export default async function Page({ params, searchParams }: Props) {
  const { date } = await searchParams;
  return <StaffScreen params={await params} date={typeof date === 'string' ? date : undefined} />;
}
