import { handleBook } from '@/server/agents/channel';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

/** A channel's server, not a page of ours: its bearer key authenticates it (docs/agents.md). */
export const POST = guarded({ type: 'json', sameOrigin: false }, handleBook);
