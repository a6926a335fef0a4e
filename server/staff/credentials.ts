import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { staffPasskeys, staffSessions, venueCredentials } from '@/server/db/schema';
import { findVenueByKey } from '@/server/venues/queries';
import { now } from '@/server/clock';

/**
 * The venue's own credential (issue 21): what its staff sign in with, and the bearer token of
 * its venue-side contract calls (gift card and promo lookup and redeem). One per venue: 192
 * random bits, shown once by `npm run venue:token -- {host}`, kept only as its SHA-256.
 * Making a new one replaces the old one and signs every staff device of the venue out, its
 * passkeys revoked too (issue 44: a device signs in again with the new credential first).
 */

/** Credentials are compared by their digest: a lookup by hash, so no timing on the token itself. */
export const credentialDigest = (token: string) => createHash('sha256').update(token.trim()).digest('base64url');

/**
 * What a credential belongs to: the venue in this site's database (whichever of its hosts
 * the request names), else the host itself (a venue only a legacy backend knows).
 */
export async function credentialScope(db: Db, venueKey: string): Promise<string> {
  const venue = await findVenueByKey(db, venueKey);
  return venue ? `venue:${venue.id}` : `host:${venueKey}`;
}

/** A new credential for the venue of `venueKey`: stored hashed, the old one gone, every staff session and passkey revoked. Returns it (shown once). */
export async function rotateVenueCredential(db: Db, venueKey: string): Promise<{ token: string; scope: string }> {
  const scope = await credentialScope(db, venueKey);
  const token = randomBytes(24).toString('base64url');
  const tokenHash = credentialDigest(token);
  await db.transaction(async (tx) => {
    await tx
      .insert(venueCredentials)
      .values({ scope, tokenHash, rotatedAt: now() })
      .onConflictDoUpdate({ target: venueCredentials.scope, set: { tokenHash, rotatedAt: now() } });
    await tx
      .update(staffSessions)
      .set({ revokedAt: now() })
      .where(and(eq(staffSessions.scope, scope), isNull(staffSessions.revokedAt)));
    await tx
      .update(staffPasskeys)
      .set({ revokedAt: now() })
      .where(and(eq(staffPasskeys.scope, scope), isNull(staffPasskeys.revokedAt)));
  });
  return { token, scope };
}

/** The scope a credential belongs to, or null for a token that is no venue's (current) credential. */
export async function scopeOfCredential(db: Db, token: string): Promise<string | null> {
  if (!token.trim() || token.length > 200) return null;
  const [row] = await db.select({ scope: venueCredentials.scope }).from(venueCredentials).where(eq(venueCredentials.tokenHash, credentialDigest(token)));
  return row?.scope ?? null;
}

/** Whether `token` is the current credential of the venue of `venueKey` (never another venue's). */
export async function isVenueCredential(db: Db, venueKey: string, token: string): Promise<boolean> {
  const scope = await scopeOfCredential(db, token);
  return scope !== null && scope === (await credentialScope(db, venueKey));
}
