import { handleFeeAuthentication } from '@/server/payments/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** The no-show fee page's form (local test provider): approve or refuse the simulated bank check. */
export const POST = guarded({ type: 'form' }, handleFeeAuthentication);
