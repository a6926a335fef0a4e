import 'server-only';
import { createHash } from 'node:crypto';
import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type WebAuthnCredential,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '@/server/db/types';
import { staffPasskeyChallenges, staffPasskeys } from '@/server/db/schema';
import { now } from '@/server/clock';
import { venueOrigin } from '@/lib/venue/origin';
import { findVenueByKey } from '@/server/venues/queries';
import { log } from '@/lib/log';
import { credentialScope } from './credentials';
import { startStaffSession } from './sessions';

/**
 * Passkeys for staff devices (issue 44; WebAuthn through @simplewebauthn/server): after a first
 * sign-in with the venue's credential, a device registers a passkey for the venue ("Register
 * this device") and signs in with it afterwards, without typing the 32 characters.
 *
 * - The relying party is the venue's host: its id the host name of the venue's origin (the one
 *   origin rule, lib/venue/origin.ts: `SITE_URL`, else the host the request selected the venue by,
 *   https for a public name), and the browser's origin in the signed client data must be that
 *   origin, exactly; the `Host` header only selects the venue.
 * - A passkey belongs to the venue's scope (the scope of its credential and sessions); it signs
 *   in only there, and is revoked with every session when the credential is made anew
 *   (`rotateVenueCredential`).
 * - Every challenge is made for one registration or one sign-in of one scope, kept 5 minutes and
 *   used once: it is deleted as the answer is checked, right or wrong, so a replayed answer finds
 *   none. Attestation `none` (which authenticator it is does not matter here); the signature
 *   counter is kept, and an answer that turns it back is refused (the library checks it).
 */
export const CHALLENGE_MINUTES = 5;
/** Passkeys a venue may hold at once (each device one): registering past it is refused. */
export const MAX_PASSKEYS = 50;

export type PasskeyPlace = { scope: string; rpID: string; origin: string; rpName: string };

/** The relying party of a request to the venue of `venueKey`: its scope, id, origin and name. */
export async function passkeyPlace(db: Db, venueKey: string, requestHost: string | null): Promise<PasskeyPlace> {
  const origin = venueOrigin(venueKey, requestHost);
  const venue = await findVenueByKey(db, venueKey);
  return { scope: await credentialScope(db, venueKey), rpID: origin.hostname, origin: origin.origin, rpName: venue?.name ?? origin.hostname };
}

/** The user handle of a venue's staff: one per scope, so a device registering again replaces its passkey for the venue. */
const userHandle = (scope: string) => new Uint8Array(createHash('sha256').update(`staff|${scope}`).digest().subarray(0, 16));

async function keepChallenge(db: Db, place: PasskeyPlace, challenge: string, purpose: 'register' | 'signIn') {
  const at = now();
  // Challenges past their time are of no use: cleared as new ones are made.
  await db.delete(staffPasskeyChallenges).where(lt(staffPasskeyChallenges.expiresAt, at));
  await db.insert(staffPasskeyChallenges).values({ challenge, scope: place.scope, purpose, expiresAt: new Date(at.getTime() + CHALLENGE_MINUTES * 60_000) });
}

/** The challenge the browser signed (from its client data), or null for an answer that has none. */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string | null {
  try {
    const data = response.response?.clientDataJSON;
    if (typeof data !== 'string' || data.length > 4_000) return null;
    const parsed: unknown = JSON.parse(Buffer.from(data, 'base64url').toString('utf8'));
    const challenge = (parsed as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length <= 200 ? challenge : null;
  } catch {
    return null;
  }
}

/** Uses the challenge up (whatever the answer's fate): true when it was this scope's, for this purpose, and live. */
async function spendChallenge(db: Db, place: PasskeyPlace, challenge: string, purpose: 'register' | 'signIn'): Promise<boolean> {
  const used = await db
    .delete(staffPasskeyChallenges)
    .where(and(eq(staffPasskeyChallenges.challenge, challenge), eq(staffPasskeyChallenges.scope, place.scope), eq(staffPasskeyChallenges.purpose, purpose), gt(staffPasskeyChallenges.expiresAt, now())))
    .returning({ challenge: staffPasskeyChallenges.challenge });
  return used.length === 1;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const live = (scope: string) => and(eq(staffPasskeys.scope, scope), isNull(staffPasskeys.revokedAt));

/** "Register this device", for a signed-in device of the venue: the options for `navigator.credentials.create`, or `tooMany`. */
export async function registrationOptions(db: Db, place: PasskeyPlace): Promise<PublicKeyCredentialCreationOptionsJSON | 'tooMany'> {
  const held = await db.select({ id: staffPasskeys.credentialId, transports: staffPasskeys.transports }).from(staffPasskeys).where(live(place.scope));
  if (held.length >= MAX_PASSKEYS) return 'tooMany';
  const options = await generateRegistrationOptions({
    rpName: place.rpName,
    rpID: place.rpID,
    userName: `staff@${place.rpID}`,
    userDisplayName: place.rpName,
    userID: userHandle(place.scope),
    attestationType: 'none',
    // The device's own passkey, found without a name typed: discoverable.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    excludeCredentials: held.map((p) => ({ id: p.id, transports: p.transports as WebAuthnCredential['transports'] })),
    timeout: CHALLENGE_MINUTES * 60_000,
  });
  await keepChallenge(db, place, options.challenge, 'register');
  return options;
}

/** The passkey a signed-in device created: checked (challenge, origin, relying party) and kept for the venue. */
export async function registerPasskey(db: Db, place: PasskeyPlace, response: unknown, userAgent = ''): Promise<'registered' | 'refused' | 'tooMany'> {
  if (!isObject(response)) return 'refused';
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(db, place, challenge, 'register'))) return 'refused';
  try {
    const verified = await verifyRegistrationResponse({ response: response as unknown as RegistrationResponseJSON, expectedChallenge: challenge, expectedOrigin: place.origin, expectedRPID: place.rpID, requireUserVerification: false });
    if (!verified.verified) return 'refused';
    const { credential } = verified.registrationInfo;
    return db.transaction(async (tx) => {
      const [{ held }] = await tx.select({ held: count() }).from(staffPasskeys).where(live(place.scope));
      if (held >= MAX_PASSKEYS) return 'tooMany' as const;
      const values = { scope: place.scope, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter, transports: credential.transports ?? [], label: userAgent.slice(0, 120), revokedAt: null };
      await tx.insert(staffPasskeys).values({ credentialId: credential.id, ...values }).onConflictDoUpdate({ target: staffPasskeys.credentialId, set: values });
      log.info('staff_passkey_registered', { scope: place.scope });
      return 'registered' as const;
    });
  } catch (error) {
    log.info('staff_passkey_refused', { scope: place.scope, step: 'register', error: error instanceof Error ? error.message : 'invalid' });
    return 'refused';
  }
}

/** Signing in with a passkey, on a device not signed in: the options for `navigator.credentials.get` (the device's own passkey for the venue). */
export async function signInOptions(db: Db, place: PasskeyPlace): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: place.rpID, userVerification: 'preferred', timeout: CHALLENGE_MINUTES * 60_000 });
  await keepChallenge(db, place, options.challenge, 'signIn');
  return options;
}

/**
 * Signs a device in with its passkey's answer: the challenge this venue's (used up), the passkey
 * this venue's and not revoked, the origin and relying party the venue's, the signature right and
 * its counter moving on. A new staff session, or null.
 */
export async function signInWithPasskey(db: Db, place: PasskeyPlace, response: unknown, userAgent = ''): Promise<{ id: string; expiresAt: Date } | null> {
  if (!isObject(response) || typeof response.id !== 'string' || response.id.length > 1_400) return null;
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(db, place, challenge, 'signIn'))) return null;
  const [passkey] = await db.select().from(staffPasskeys).where(and(eq(staffPasskeys.credentialId, response.id), live(place.scope)));
  if (!passkey) return null;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: place.origin,
      expectedRPID: place.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports as WebAuthnCredential['transports'] },
      requireUserVerification: false,
    });
    if (!verified.verified) return null;
    return db.transaction(async (tx) => {
      // The counter moves on only from where it was read (two answers at once: one signs in); a revocation meanwhile wins.
      const [moved] = await tx
        .update(staffPasskeys)
        .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: now() })
        .where(and(eq(staffPasskeys.credentialId, passkey.credentialId), eq(staffPasskeys.counter, passkey.counter), live(place.scope)))
        .returning({ scope: staffPasskeys.scope });
      if (!moved) return null;
      return startStaffSession(tx, moved.scope, userAgent);
    });
  } catch (error) {
    log.info('staff_passkey_refused', { scope: place.scope, step: 'signIn', error: error instanceof Error ? error.message : 'invalid' });
    return null;
  }
}
