import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import { now } from '../../clock';

/** A timestamp written when the row is inserted: by the server's clock (server/clock.ts), `now()` only for raw SQL. */
export const stamp = (name: string) =>
  timestamp(name, { withTimezone: true })
    .notNull()
    .defaultNow()
    .$defaultFn(() => now());

/** Text in the five languages, `it` always present. */
export type Texts = { it: string; en?: string; fr?: string; es?: string; de?: string };

/*
 * A payment the provider keeps (a card setup, a deposit), as its mirror rows share them: for the
 * local provider the row is the provider's own state; for Stripe a mirror of its object.
 */

/** The provider, its reference, the secret the local provider's form shows to confirm it (null for Stripe), the status. */
export const providerColumnSet = () => ({
  provider: text('provider').$type<'stripe' | 'local'>().notNull(),
  reference: text('reference').notNull().unique(),
  clientSecret: text('client_secret'),
  status: text('status').notNull(),
});

/** The provider's last error, the amount and currency asked, the metadata it was given. */
export const amountColumnSet = () => ({
  lastError: text('last_error'),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
});
