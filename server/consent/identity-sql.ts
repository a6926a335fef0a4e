import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyColumn } from 'drizzle-orm';

/**
 * `canonicalEmail` (lib/identity.ts) as SQL, for the columns that hold an address as the guest
 * typed it (bookings, orders, consent records, the outbox): case-folded and trimmed, the `+tag`
 * dropped, and for gmail.com and googlemail.com the dots of the local part dropped and the domain
 * made gmail.com. So that withdrawal, export and erasure find every row of one inbox
 * (`Anna.Rossi+p@gmail.com` is `annarossi@gmail.com`). Held equal to canonicalEmail, on PGlite and
 * PostgreSQL, by tests/integration/guest-identity.shared.ts.
 */
export function canonicalEmailSql(column: AnyColumn | SQL): SQL<string> {
  const v = sql`lower(btrim(${column}))`;
  const local = sql`regexp_replace(substring(${v} from '^(.+)@[^@]*$'), '^([^+]+)\\+.*$', '\\1')`;
  const domain = sql`substring(${v} from '@([^@]*)$')`;
  return sql<string>`(case when ${v} ~ '^.+@[^@]*$' then (case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${local}, '.', '') || '@gmail.com' else ${local} || '@' || ${domain} end) else ${v} end)`;
}

/**
 * A stored phone (its prefix and number columns) as SQL, compared with `canonicalPhoneOf`
 * (lib/identity.ts): the prefix and the number's digits without spaces or punctuation, what it
 * gives for the numbers the guest forms accept (issue 44: guest profiles by phone).
 */
export function canonicalPhoneSql(prefix: AnyColumn, phone: AnyColumn): SQL<string> {
  return sql<string>`regexp_replace(${prefix} || ${phone}, '[^0-9+]', '', 'g')`;
}

/** Whether the column's address is the same inbox as `email` (canonicalEmail on both sides). */
export const sameInbox = (column: AnyColumn | SQL, canonical: string): SQL => sql`${canonicalEmailSql(column)} = ${canonical}`;
