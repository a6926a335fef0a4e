import { handleAvailability } from '@/server/agents/channel';

export const dynamic = 'force-dynamic';

export const GET = handleAvailability;
