import { handleOpenApi } from '@/server/agents/channel';

export const dynamic = 'force-dynamic';

export const GET = handleOpenApi;
