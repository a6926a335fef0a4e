import { handleWalletLog } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

/** PassKit web service: what devices report of errors (docs/wallet.md). */
export const POST = handleWalletLog;
