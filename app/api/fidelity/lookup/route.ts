import { handleLookup } from '@/server/fidelity/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json' }, handleLookup);
