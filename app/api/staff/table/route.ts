import { handleStaffTable } from '@/server/staff/http';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const POST = guarded({ type: 'json' }, handleStaffTable);
