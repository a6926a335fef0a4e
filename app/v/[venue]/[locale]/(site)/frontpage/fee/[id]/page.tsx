import type { PageProps } from '@/app/_screens/shell/page-props';
import { screenMetadata } from '@/app/_screens/shell/metadata';
import { FeeScreen } from '@/app/_screens/payments/fee-screen';
import { guaranteeProvider } from '@/server/payments';

type Props = PageProps<{ id: string }> & { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A guest's link to confirm a no-show fee their bank held back (issue 24): per charge, never cached nor indexed. */
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props) {
  const { id, ...venue } = await params;
  return { ...(await screenMetadata(venue, 'paymentRedirect', `/frontpage/fee/${encodeURIComponent(id)}`)), robots: { index: false } };
}

export default async function Page({ params, searchParams }: Props) {
  const { id, ...venue } = await params;
  const s = (await searchParams).s;
  const config = guaranteeProvider().publicConfig();
  return <FeeScreen params={venue} id={/^\d{1,9}$/.test(id) ? Number(id) : 0} signature={typeof s === 'string' ? s : ''} publishableKey={config.kind === 'stripe' ? config.publishableKey : null} />;
}
