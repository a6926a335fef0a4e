import { handleWalletRegister, handleWalletUnregister } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

/** PassKit web service: a device registers a pass for updates, or stops (docs/wallet.md). */
export const POST = handleWalletRegister;
export const DELETE = handleWalletUnregister;
