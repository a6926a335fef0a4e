import { handleMcp } from '@/server/agents/mcp';
import { guarded } from '@/server/http';

export const dynamic = 'force-dynamic';

// An assistant's MCP client, not a page of ours: no cookie opens anything here (docs/agents.md, "Why /mcp is cross-site").
export const POST = guarded({ type: 'json', sameOrigin: false }, handleMcp);
