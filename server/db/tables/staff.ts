import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { stamp } from './columns';

/**
 * The venue's own credential (one per venue scope, server/staff/credentials.ts): the bearer
 * token of its venue-side contract calls and what its staff sign in with. Only its SHA-256
 * is kept; `npm run venue:token -- {host}` makes a new one (the old one stops at once).
 */
export const venueCredentials = pgTable('venue_credentials', {
  scope: text('scope').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  rotatedAt: stamp('rotated_at'),
});

/**
 * A staff device signed in to a venue (server/staff/sessions.ts). The cookie holds a random
 * id; the row is keyed by its SHA-256, so a copy of this table signs nobody in.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    scope: text('scope').notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('staff_sessions_scope').on(t.scope)],
);

/**
 * A pairing code (issue 44, server/staff/pairing.ts): shown on a signed-in staff device to sign
 * a second one in as the same venue. 8 characters, 5 minutes, single use; only its SHA-256 is
 * kept, with the venue scope it belongs to.
 */
export const staffPairingCodes = pgTable(
  'staff_pairing_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    scope: text('scope').notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_pairing_codes_scope').on(t.scope)],
);
