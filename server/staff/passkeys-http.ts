import 'server-only';
import type { NextRequest } from 'next/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { getDb } from '@/server/db/client';
import { refuseOverLimit } from '@/server/limits';
import { noStoreJson as json, readJsonObject } from '@/server/http';
import { passkeyPlace, registerPasskey, registrationOptions, signInOptions, signInWithPasskey } from './passkeys';
import { staffCookie } from './sessions';
import { requestStaffSession } from './http';

/**
 * The sheet's passkey routes (issue 44; server/staff/passkeys.ts does the WebAuthn): register
 * this device once signed in, and sign in with it later. The relying party is the venue the
 * request's host selects; the origin checked is the venue's (lib/venue/origin.ts).
 */
const placeOf = async (request: NextRequest) => passkeyPlace(await getDb(), venueKeyForHost(request.headers.get('host')), request.headers.get('host'));
const isHttps = (request: NextRequest) => request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' || request.nextUrl.protocol === 'https:';

/**
 * `POST /api/staff/passkey/options {purpose: 'register' | 'signIn'}`: the options for the
 * browser's WebAuthn call, with a challenge for 5 minutes and one use. `register` needs a signed-in
 * device (401 `signIn`; 409 `tooMany` past 50 passkeys for the venue); `signIn` is counted per
 * address (limit `staffPasskey`, 429). 400 `invalid` for another purpose.
 */
export async function handlePasskeyOptions(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  if (body?.purpose === 'register') {
    if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
    const options = await registrationOptions(await getDb(), await placeOf(request));
    return options === 'tooMany' ? json({ error: 'tooMany' }, 409) : json({ options }, 200);
  }
  if (body?.purpose !== 'signIn') return json({ error: 'invalid', fieldErrors: { purpose: 'invalid' } }, 400);
  const refused = await refuseOverLimit(request, 'staffPasskey');
  if (refused) return refused;
  return json({ options: await signInOptions(await getDb(), await placeOf(request)) }, 200);
}

/**
 * `POST /api/staff/passkey {response}` ("Register this device"): the browser's answer to the
 * registration options, for a signed-in device. 200 `{result: 'registered'}`; 400 `passkeyRefused`
 * (no live challenge of this venue, another origin or relying party, a bad answer); 409 `tooMany`; 401 `signIn`.
 */
export async function handlePasskeyRegister(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  const result = await registerPasskey(await getDb(), await placeOf(request), body?.response, request.headers.get('user-agent') ?? '');
  if (result === 'registered') return json({ result }, 200);
  return result === 'tooMany' ? json({ error: 'tooMany' }, 409) : json({ error: 'passkeyRefused' }, 400);
}

/**
 * `POST /api/staff/passkey/session {response}`: signs this device in with its passkey (the
 * browser's answer to the sign-in options). 200 `{result: 'signedIn', expiresAt}` with the
 * session cookie; 401 `wrongPasskey` (a challenge used or expired or another venue's, a passkey
 * unknown or revoked, another origin, a bad signature); 429 past `staffPasskey`.
 */
export async function handlePasskeySignIn(request: NextRequest): Promise<Response> {
  const refused = await refuseOverLimit(request, 'staffPasskey');
  if (refused) return refused;
  const body = await readJsonObject(request);
  const session = await signInWithPasskey(await getDb(), await placeOf(request), body?.response, request.headers.get('user-agent') ?? '');
  if (!session) return json({ error: 'wrongPasskey' }, 401);
  return json({ result: 'signedIn', expiresAt: session.expiresAt.toISOString() }, 200, { 'Set-Cookie': staffCookie(session.id, session.expiresAt, isHttps(request)) });
}
