import { handleWalletRegister, handleWalletUnregister } from '@/server/wallet/http';

export const dynamic = 'force-dynamic';

type Context = { params: Promise<{ device: string; passType: string; serial: string }> };

/** PassKit web service: a device registers a pass for updates, or stops (docs/wallet.md). */
export const POST = async (request: Request, { params }: Context) => handleWalletRegister(request, await params);
export const DELETE = async (request: Request, { params }: Context) => handleWalletUnregister(request, await params);
