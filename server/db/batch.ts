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
