import 'server-only';
import { createHash } from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { preparedText } from './prepared';

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

/**
 * Rows to insert into one table, ready to travel as one `jsonb` value: each row keyed by its
 * columns' names in the database, each value as the driver would send it (drizzle's own mapping;
 * `jsonb` columns as they are), the columns' `$defaultFn` applied as drizzle applies it (the
 * server's clock for the stamps). Null when the rows do not share their columns (a column with a
 * default given in some rows only): such rows go through drizzle's insert instead.
 */
export type RowsInsert = { table: string; columns: string[]; json: string };

export function rowsInsert<T extends PgTable>(table: T, values: T['$inferInsert'][]): RowsInsert | null {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const given = columns.filter(([key, column]) => column.defaultFn || values.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const rows: Record<string, unknown>[] = [];
  for (const row of values as Record<string, unknown>[]) {
    const out: Record<string, unknown> = {};
    for (const [key, column] of given) {
      let value = row[key];
      if (value === undefined && column.defaultFn) value = column.defaultFn();
      // A column left out of one row but not another: its database default differs from null.
      if (value === undefined) {
        if (column.hasDefault) return null;
        value = null;
      }
      out[column.name] = value === null || column.columnType === 'PgJsonb' || column.columnType === 'PgJson' ? value : column.mapToDriverValue(value);
    }
    rows.push(out);
  }
  // Text as node-postgres sends it: a lone surrogate (JSON.stringify escapes it as \udxxx, which jsonb refuses) becomes U+FFFD.
  let json = JSON.stringify(rows);
  if (/\\ud[89a-f]/i.test(json)) json = JSON.stringify(rows, (_, value) => (typeof value === 'string' ? value.toWellFormed() : value));
  return { table: getTableName(table), columns: given.map(([, column]) => column.name), json };
}

/** A row that keeps a key: inserted unless a live row holds its unique key (one whose `expires_at` is past `now` is taken over); `returning` counts it. */
export type KeyedInsert = { rows: RowsInsert; conflict: string[]; update: string[]; expiredColumn: string; now: Date };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const fromJson = (rows: RowsInsert, param: number) => {
  const list = rows.columns.map(quote).join(', ');
  return `insert into ${quote(rows.table)} (${list}) select ${list} from jsonb_populate_recordset(null::${quote(rows.table)}, $${param}::jsonb)`;
};

/**
 * `writeTogether` for inserts of rows, and optionally one keyed row counted (`writeTogetherCounted`),
 * as one statement whose text depends only on the tables and their columns, never on the number of
 * rows (issue 43: drizzle building a booking's multi-row insert of consents and e-mails was the
 * largest query building left in a booking): each table's rows are one `jsonb` parameter read with
 * `jsonb_populate_recordset`. The statement is built once per shape and sent by name on
 * node-postgres (server/db/prepared.ts), so each connection parses and plans it once. Answers how
 * many keyed rows were kept (0 without one).
 */
export async function insertRowsTogether(db: Database, inserts: RowsInsert[], keyed?: KeyedInsert): Promise<number> {
  const withs = inserts.map((rows, i) => `w${i} as (${fromJson(rows, i + 1)})`);
  let main = 'select 0 as n';
  const values: unknown[] = inserts.map((rows) => rows.json);
  if (keyed) {
    const table = quote(keyed.rows.table);
    const set = keyed.update.map((column) => `${quote(column)} = excluded.${quote(column)}`).join(', ');
    withs.push(
      `kept as (${fromJson(keyed.rows, inserts.length + 1)} on conflict (${keyed.conflict.map(quote).join(', ')}) do update set ${set} where ${table}.${quote(keyed.expiredColumn)} <= $${inserts.length + 2}::timestamptz returning 1)`,
    );
    main = 'select count(*)::int as n from kept';
    values.push(keyed.rows.json, keyed.now.toISOString());
  }
  const text = withs.length ? `with ${withs.join(', ')} ${main}` : main;
  let statement = shapes.get(text);
  if (!statement) shapes.set(text, (statement = preparedText(`rows_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`, text, values.length)));
  const [row] = await statement(db).execute(values);
  return Number(row?.n ?? 0);
}
const shapes = new Map<string, ReturnType<typeof preparedText>>();
