import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { rateLimits } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`, and
 * in how many seconds the window ends (a refusal's `Retry-After`).
 * One atomic upsert in PostgreSQL, so the limit holds across processes.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = clockNow(),
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const windowStart = sql`${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
  const start = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStart} then ${start} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const ends = new Date(row.windowStart).getTime() + windowMs;
  return { allowed: row.count <= limit, count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
}
