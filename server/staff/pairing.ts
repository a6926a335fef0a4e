import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '@/server/db/types';
import { staffPairingCodes } from '@/server/db/schema';
import { now } from '@/server/clock';
import { credentialScope } from './credentials';
import { startStaffSession, type StaffSession } from './sessions';

/**
 * Pairing a phone (issue 44): a signed-in staff device shows a short code; typed on the sign-in
 * page of another device of the same venue, it signs that device in, once, within 5 minutes.
 * 8 characters of an alphabet without look-alikes (no 0/O, 1/I), shown as 4+4: 40 random bits.
 * Only the code's SHA-256 is kept, with the venue it belongs to; the code itself is never
 * logged. Attempts are limited per address and per venue (`staffPairAddress`,
 * `staffPairVenue`, server/staff/http.ts), so guessing stays hopeless.
 */
export const PAIRING_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const PAIRING_LENGTH = 8;
export const PAIRING_MINUTES = 5;

const digest = (code: string) => createHash('sha256').update(code).digest('base64url');

/** A typed code as stored: upper case, spaces and dashes dropped; null when it cannot be a code. */
export function normalPairingCode(typed: string): string | null {
  if (typed.length > 40) return null;
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_LENGTH || [...code].some((c) => !PAIRING_ALPHABET.includes(c))) return null;
  return code;
}

/** The code as shown and read aloud: `ABCD EFGH`. */
export const groupedPairingCode = (code: string) => `${code.slice(0, 4)} ${code.slice(4)}`;

/** A new pairing code for the venue of this signed-in session: the code (shown once) and its expiry. */
export async function createPairingCode(db: Db, session: Pick<StaffSession, 'scope'>): Promise<{ code: string; expiresAt: Date }> {
  const expiresAt = new Date(now().getTime() + PAIRING_MINUTES * 60_000);
  // Codes past their time are of no use to anyone: cleared as new ones are made.
  await db.delete(staffPairingCodes).where(lt(staffPairingCodes.expiresAt, new Date(now().getTime() - 3600_000)));
  for (;;) {
    // 32 letters: each byte's low 5 bits pick one, uniformly.
    const code = [...randomBytes(PAIRING_LENGTH)].map((b) => PAIRING_ALPHABET[b & 31]).join('');
    const inserted = await db
      .insert(staffPairingCodes)
      .values({ codeHash: digest(code), scope: session.scope, expiresAt })
      .onConflictDoNothing()
      .returning({ codeHash: staffPairingCodes.codeHash });
    if (inserted.length) return { code, expiresAt };
  }
}

/**
 * Signs a device in with a pairing code of the venue of `venueKey`: used up at once (a second
 * device with the same code is refused, also at the same moment), refused past its 5 minutes
 * and for another venue's code (which stays usable there). The new session, or null.
 */
export async function signInWithPairingCode(db: Db, venueKey: string, typed: string, userAgent = ''): Promise<{ id: string; expiresAt: Date } | null> {
  const code = normalPairingCode(typed);
  if (!code) return null;
  const scope = await credentialScope(db, venueKey);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffPairingCodes)
      .set({ usedAt: now() })
      .where(and(eq(staffPairingCodes.codeHash, digest(code)), eq(staffPairingCodes.scope, scope), isNull(staffPairingCodes.usedAt), gt(staffPairingCodes.expiresAt, now())))
      .returning({ scope: staffPairingCodes.scope });
    if (!used) return null;
    return startStaffSession(tx, used.scope, userAgent);
  });
}
