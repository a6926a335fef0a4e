import type { PageProps } from '@/app/_screens/shell/page-props';
import { StaffScreen, staffMetadata } from '@/app/_screens/staff/staff-screen';

/** The venue's staff area (issue 23): per device and per request, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps) {
  return staffMetadata(await params);
}

export default async function Page({ params }: PageProps) {
  return <StaffScreen params={await params} />;
}
