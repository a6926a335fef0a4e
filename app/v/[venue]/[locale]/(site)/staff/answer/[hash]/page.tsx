import type { PageProps } from '@/app/_screens/shell/page-props';
import { AnswerLinkScreen } from '@/app/_screens/staff/answer-screen';
import { staffMetadata } from '@/app/_screens/staff/staff-screen';

type Props = PageProps<{ hash: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A one-click answer from the venue's e-mail (issue 23): per request, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return staffMetadata(await params);
}

export default async function Page({ params, searchParams }: Props) {
  return <AnswerLinkScreen params={await params} searchParams={await searchParams} />;
}
