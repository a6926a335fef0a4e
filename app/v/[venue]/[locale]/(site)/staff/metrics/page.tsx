import type { PageProps } from '@/app/_screens/shell/page-props';
import { staffMetadata } from '@/app/_screens/staff/staff-screen';
import { MetricsScreen } from '@/app/_screens/staff/metrics-screen';

type Props = PageProps & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The venue's figures of the month (issue 24): per device and per request, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: PageProps) {
  return staffMetadata(await params);
}

export default async function Page({ params, searchParams }: Props) {
  const month = (await searchParams).month;
  return <MetricsScreen params={await params} month={typeof month === 'string' ? month : ''} />;
}
