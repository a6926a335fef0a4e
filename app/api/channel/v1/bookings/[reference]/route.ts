import { handleChange, handleGet } from '@/server/agents/channel';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

export const GET = handleGet;
/** A channel's server, not a page of ours: its bearer key authenticates it (docs/agents.md). */
export const PATCH = guarded({ type: 'json', sameOrigin: false }, handleChange);
