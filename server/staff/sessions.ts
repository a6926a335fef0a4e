import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { staffSessions } from '@/server/db/schema';
import { now } from '@/server/clock';
import { credentialScope, isVenueCredential } from './credentials';

/**
 * Staff sessions (issue 21): a device signs in with the venue's credential and gets a
 * session the server keeps, with an expiry and revocation. The cookie holds only a random
 * id (128 bits); the table keeps its SHA-256. Every staff page and call (the promo
 * redemption, the /staff area) asks `staffSessionFor`.
 */
export const STAFF_COOKIE = 'frontpage-staff';

/** How long a sign-in lasts: STAFF_SESSION_HOURS (default 12). */
export const staffSessionHours = () => {
  const hours = Number(process.env.STAFF_SESSION_HOURS);
  return Number.isFinite(hours) && hours > 0 && hours <= 24 * 30 ? hours : 12;
};

const idDigest = (id: string) => createHash('sha256').update(id).digest('base64url');
const ID = /^[A-Za-z0-9_-]{22}$/;

export type StaffSession = { scope: string; expiresAt: Date; createdAt: Date };

/** Signs a device in when `token` is the venue's credential: the new session's cookie id, or null. */
export async function signInStaff(db: Db, venueKey: string, token: string, userAgent = ''): Promise<{ id: string; expiresAt: Date } | null> {
  if (!(await isVenueCredential(db, venueKey, token))) return null;
  return startStaffSession(db, await credentialScope(db, venueKey), userAgent);
}

/** A new session of the venue `scope` for this device (a credential or a pairing code was checked): its cookie id. */
export async function startStaffSession(db: Db, scope: string, userAgent = ''): Promise<{ id: string; expiresAt: Date }> {
  const id = randomBytes(16).toString('base64url');
  const expiresAt = new Date(now().getTime() + staffSessionHours() * 3600_000);
  await db.insert(staffSessions).values({ idHash: idDigest(id), scope, expiresAt, userAgent: userAgent.slice(0, 200) });
  return { id, expiresAt };
}

/** The live session of this cookie for this venue: not expired, not revoked, the venue's own; else null. */
export async function staffSessionFor(db: Db, venueKey: string, cookie: string | undefined | null): Promise<StaffSession | null> {
  if (!cookie || !ID.test(cookie)) return null;
  const [row] = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.idHash, idDigest(cookie)), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now())));
  if (!row || row.scope !== (await credentialScope(db, venueKey))) return null;
  return { scope: row.scope, expiresAt: row.expiresAt, createdAt: row.createdAt };
}

/** "Sign out this device": the session stops at once, whoever holds a copy of the cookie. */
export async function signOutStaff(db: Db, cookie: string | undefined | null): Promise<void> {
  if (!cookie || !ID.test(cookie)) return;
  await db.update(staffSessions).set({ revokedAt: now() }).where(and(eq(staffSessions.idHash, idDigest(cookie)), isNull(staffSessions.revokedAt)));
}

/** The cookie: the id only, HttpOnly, SameSite=Strict, Secure over https, for as long as the session. */
export function staffCookie(id: string, expiresAt: Date, secure: boolean): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - now().getTime()) / 1000));
  return `${STAFF_COOKIE}=${id}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export const clearedStaffCookie = (secure: boolean) => `${STAFF_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
