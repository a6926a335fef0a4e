import { handleWalletSerials } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ device: string; passType: string }> };

/** PassKit web service: the serial numbers of a device's passes that changed (docs/wallet.md). */
export async function GET(request: Request, { params }: Context) {
  return handleWalletSerials(request, await params);
}
