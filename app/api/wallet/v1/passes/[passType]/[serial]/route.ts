import { handleWalletLatestPass } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ passType: string; serial: string }> };

/** PassKit web service: the pass as it is now, or 304 (docs/wallet.md). */
export async function GET(request: Request, { params }: Context) {
  return handleWalletLatestPass(request, await params);
}
