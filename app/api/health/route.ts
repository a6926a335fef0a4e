import { checkHealth } from '@/server/runtime/health';

export const dynamic = 'force-dynamic';

/** Readiness: 200 when the site can serve, 503 when its database is down or it is shutting down (docs/operations.md). */
export async function GET() {
  const health = await checkHealth();
  return Response.json(health, { status: health.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'private, no-store' } });
}
