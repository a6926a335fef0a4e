import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/**
 * A passkey (WebAuthn) of a staff device (issue 44, server/staff/passkeys.ts): registered by a
 * signed-in device for its venue scope, it signs that device in again without the credential.
 * The public key (COSE, base64url) and the authenticator's counter; revoked with every session of
 * the venue when its credential is made anew (server/staff/credentials.ts).
 */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    credentialId: text('credential_id').primaryKey(),
    scope: text('scope').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** The device it was registered on, as its browser named itself (shortened). */
    label: text('label').notNull().default(''),
    createdAt: stamp('created_at'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_passkeys_scope').on(t.scope)],
);

/**
 * A WebAuthn challenge (issue 44): made for one registration or one sign-in of a venue scope,
 * used once (deleted as it is checked), for 5 minutes.
 */
export const staffPasskeyChallenges = pgTable(
  'staff_passkey_challenges',
  {
    challenge: text('challenge').primaryKey(),
    scope: text('scope').notNull(),
    purpose: text('purpose').$type<'register' | 'signIn'>().notNull(),
    createdAt: stamp('created_at'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_passkey_challenges_expires').on(t.expiresAt)],
);
