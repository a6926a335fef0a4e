import { handlePasskeyRegister } from '@/server/staff/passkeys-http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json' }, handlePasskeyRegister);
