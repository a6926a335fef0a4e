import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { UnsubscribeScreen } from '@/app/_screens/fidelity/unsubscribe-screen';

type Props = PageProps & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The loyalty e-mails' unsubscribe link (issue 29): per member, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  return { ...(await screenMetadata(await params, 'unsubscribe', '/frontpage/fidelity/unsubscribe')), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const token = (await searchParams).t;
  return <UnsubscribeScreen params={await params} token={typeof token === 'string' ? token : ''} />;
}
