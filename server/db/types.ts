import 'server-only';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * A database or a transaction: the type every core function takes. Both drivers' databases
 * (PGlite, node-postgres) and the `tx` of `db.transaction` are one (a drizzle `PgTransaction`
 * extends `PgDatabase`), so `db.transaction(async (tx) => f(tx))` needs no cast, and a function
 * given a transaction that opens its own `.transaction` gets a savepoint inside it.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
