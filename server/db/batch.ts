import 'server-only';
import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Runs several writes (inserts, updates, deletes built with drizzle, none reading another's rows)
 * as one statement: all but the last as data-modifying WITH queries, which PostgreSQL runs
 * whether or not they are referenced, in the same snapshot. One round trip where there were
 * several, e.g. a booking's consents and e-mails under the evening's lock (issue 42).
 */
export async function writeTogether(db: Database, writes: SQLWrapper[]): Promise<void> {
  if (!writes.length) return;
  // getSQL(): a query builder put in sql`` is wrapped in parentheses, which a statement may not be.
  const last = writes[writes.length - 1].getSQL();
  const before = writes.slice(0, -1).map((write, i) => sql`${sql.raw(`w${i}`)} as (${write.getSQL()})`);
  await db.execute(before.length ? sql`with ${sql.join(before, sql`, `)} ${last}` : last);
}

/**
 * `writeTogether` with a first write that returns rows (an insert … returning): answers how
 * many rows it returned, e.g. whether an idempotency key was kept (server/backend/idempotency.ts).
 */
export async function writeTogetherCounted(db: Database, counted: SQLWrapper, writes: SQLWrapper[]): Promise<number> {
  const first = db.$with('counted', { n: sql<number>`1` }).as(counted.getSQL());
  const rest = writes.map((write, i) => db.$with(`w${i}`, {}).as(write.getSQL()));
  const [row] = await db
    .with(first, ...rest)
    .select({ n: sql<number>`count(*)::int` })
    .from(first);
  return Number(row?.n ?? 0);
}
