import 'server-only';
import { createHash } from 'node:crypto';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertBase, PgQueryResultHKT, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './types';

/** What drizzle's `.prepare(name)` gives: a statement built once, run with its placeholders' values. */
type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** How many times each named statement was built in this process: once per driver (tests read it, server/db/prepared.ts). */
const built = new Map<string, number>();

/** The driver's session behind a database or a transaction (drizzle's, internal: its `client` is the pool, a pooled client, PGlite or its transaction). */
const sessionOf = (db: Db) => (db as unknown as { session: { client: unknown } }).session;

/** The driver's client a database or transaction sends its statements through (one database's calls share it outside transactions). */
export const clientOf = (db: Db): unknown => sessionOf(db).client;

/**
 * A statement built once per process and driver (issue 43, "One booking's CPU": drizzle's query
 * building was a quarter of a booking's own code), run on whichever database or transaction a
 * call is given. `build` makes it with drizzle's `.prepare(name)`, its values as
 * `sql.placeholder(…)`; each run binds the built statement to the call's client (a pooled
 * client inside a transaction) and fills the placeholders, with no query building. On
 * node-postgres the statement goes by its name, so each pooled connection parses and plans it
 * once and sends only its values afterwards; PGlite is sent the same text each time.
 */
export function preparedStatement<R>(name: string, build: (db: Db) => Prepared<R>): (db: Db) => Prepared<R> {
  // One built statement per driver (its session's class): the client it is bound to is the call's.
  const byDriver = new Map<unknown, Prepared<R>>();
  return (db) => {
    const session = sessionOf(db);
    const driver = session.constructor;
    let statement = byDriver.get(driver);
    if (!statement) {
      statement = build(db);
      byDriver.set(driver, statement);
      built.set(name, (built.get(name) ?? 0) + 1);
    }
    const { client } = session;
    return (statement as unknown as { client: unknown }).client === client ? statement : (Object.create(statement, { client: { value: client } }) as Prepared<R>);
  };
}

/** The statements built whose names begin with `prefix`, with how many times each was built (a test checks a booking's shapes are built once). */
export function builtNames(prefix: string): [string, number][] {
  return [...built].filter(([name]) => name.startsWith(prefix));
}

/** How many times the named statement was built in this process (a test checks a booking builds none). */
export function timesBuilt(name: string): number {
  return built.get(name) ?? 0;
}

/**
 * A statement of SQL text of its own (no query builder at all), run like `preparedStatement`'s: built once per
 * process and driver, sent by `name` on node-postgres, its values in order. Answers the driver's result rows.
 */
export function preparedText(name: string, text: string, values: number): (db: Db) => { execute(values: unknown[]): Promise<Record<string, unknown>[]> } {
  const placeholders = Array.from({ length: values }, (_, i) => sql.placeholder(String(i)));
  type Session = { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: boolean): Prepared<{ rows: Record<string, unknown>[] }> };
  const statement = preparedStatement(name, (db) => (sessionOf(db) as unknown as Session).prepareQuery({ sql: text, params: placeholders }, undefined, name, false));
  return (db) => {
    const bound = statement(db);
    return { execute: async (filled) => (await bound.execute(Object.fromEntries(filled.map((value, i) => [String(i), value])))).rows };
  };
}

/**
 * An insert of one row into `table` built once per set of columns the row gives (issue 43: drizzle
 * building a booking's insert of its 30 columns was the largest query building left in a booking),
 * sent by name on node-postgres, its values filled as drizzle's own insert maps them (`$defaultFn`
 * applied, each column's driver mapping). `finish` adds the rest (a conflict clause, `returning`).
 */
export function preparedRowInsert<T extends PgTable, R>(prefix: string, table: T, finish: (insert: PgInsertBase<T, PgQueryResultHKT>) => { prepare(name: string): Prepared<R> }): (db: Db, values: T['$inferInsert']) => Promise<R> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const byShape = new Map<string, (db: Db) => Prepared<R>>();
  return (db, values) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      let value = (values as Record<string, unknown>)[key];
      if (value === undefined && column.defaultFn) value = column.defaultFn();
      if (value === undefined) continue;
      row[key] = value === null ? null : column.mapToDriverValue(value);
    }
    const keys = Object.keys(row);
    const shape = keys.join(',');
    let statement = byShape.get(shape);
    if (!statement) {
      const name = `${prefix}_${createHash('sha256').update(shape).digest('hex').slice(0, 12)}`;
      // Each value a bare placeholder (already mapped above): drizzle's own Param would map it again.
      const placeholders = Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(key)}`])) as T['$inferInsert'];
      statement = preparedStatement(name, (d) => finish(d.insert(table).values(placeholders) as PgInsertBase<T, PgQueryResultHKT>).prepare(name));
      byShape.set(shape, statement);
    }
    return statement(db).execute(row);
  };
}
