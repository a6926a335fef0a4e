import 'server-only';
import { and, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { rateLimits } from '@/server/db/schema';
import { now as clockNow } from '@/server/clock';

export type RateLimitHit = { key: string; limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * Counts one hit against `key` in a fixed window and says whether it is within `limit`, and
 * in how many seconds the window ends (a refusal's `Retry-After`).
 * One atomic upsert in PostgreSQL, so the limit holds across processes.
 */
export async function hitRateLimit(db: Db, key: string, limit: number, windowMs: number, now = clockNow()): Promise<RateLimitResult> {
  return (await hitRateLimits(db, [{ key, limit, windowMs }], now))[0];
}

/**
 * Counts one hit against each key (distinct keys), each in its own window: one multi-row upsert
 * for all the limits a request checks (issue 42), atomic per key as `hitRateLimit`. The results
 * in the order of `hits`.
 */
export async function hitRateLimits(db: Db, hits: RateLimitHit[], now = clockNow()): Promise<RateLimitResult[]> {
  if (!hits.length) return [];
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  // Each key's window starts at its own moment: the row's is chosen by the key being counted (`excluded`).
  const windowStart = sql`case ${sql.raw('excluded."key"')} ${sql.join(
    hits.map((h) => sql`when ${h.key} then ${at(now.getTime() - h.windowMs)}`),
    sql` `,
  )} end`;
  const rows = await db
    .insert(rateLimits)
    // Rows in one order (by key) whatever the caller's: two requests counting the same subjects never wait on each other's rows (a deadlock).
    .values([...hits].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((h) => ({ key: h.key, windowStart: now, count: 1 })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < ${windowStart} then ${at(now.getTime())} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  return hits.map((h) => {
    const row = byKey.get(h.key)!;
    const ends = new Date(row.windowStart).getTime() + h.windowMs;
    return { allowed: row.count <= h.limit, count: row.count, retryAfterSeconds: Math.max(1, Math.ceil((ends - now.getTime()) / 1000)) };
  });
}

/**
 * Takes back one hit of each key (counted together with a hit that was refused: they are not used
 * up), in one statement. A key this hit alone had counted (its count back to 0: no row before, or
 * a window that had run out and was restarted by it) is removed, so its window starts at its next
 * hit, as if it had never been counted.
 */
export async function unhitRateLimits(db: Db, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const gone = db.$with('gone').as(
    db.delete(rateLimits).where(and(inArray(rateLimits.key, keys), lte(rateLimits.count, 1))).returning({ key: rateLimits.key }),
  );
  await db
    .with(gone)
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(inArray(rateLimits.key, keys), notInArray(rateLimits.key, db.select({ key: gone.key }).from(gone))));
}
