import { timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

/** A timestamp written when the row is inserted: by the server's clock (server/clock.ts), `now()` only for raw SQL. */
export const stamp = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => now());

/** Text in the five languages, `it` always present. */
export type Texts = { it: string; en?: string; fr?: string; es?: string; de?: string };
