import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { stamp } from './columns';
import { venues } from './venues';

/**
 * An idempotency key a client sent with a call that makes something (a booking, an order):
 * server/idempotency.ts. Kept with the answer in the transaction that made it, for 24 hours,
 * unique per venue, call and key, so a retry (or 20 at once) gets the first answer and never
 * makes a second. `fingerprint` is a digest of the input: the same key with other input is refused.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    call: text('call').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('idempotency_keys_call_key').on(t.venueId, t.call, t.key), index('idempotency_keys_expires').on(t.expiresAt)],
);
