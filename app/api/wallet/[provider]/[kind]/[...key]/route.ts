import { handleWalletDownload } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ provider: string; kind: string; key: string[] }> };

/** A pass's `.pkpass` (`apple`) or its "Save to Google Wallet" redirect (`google`): docs/wallet.md. */
export async function GET(request: Request, { params }: Context) {
  return handleWalletDownload(request, await params);
}
