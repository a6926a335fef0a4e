import { checkLiveness } from '@/server/runtime/health';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers; the database is not touched (docs/operations.md). */
export function GET() {
  return Response.json(checkLiveness(), { headers: { 'Cache-Control': 'private, no-store' } });
}
