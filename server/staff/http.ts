import 'server-only';
import type { NextRequest } from 'next/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { getDb } from '@/server/db/client';
import { refuseOverLimit } from '@/server/limits';
import { noStoreJson as json, readJsonObject } from '@/server/http';
import { clearedStaffCookie, signInStaff, signOutStaff, STAFF_COOKIE, staffCookie, staffSessionFor } from './sessions';

const venueOf = (request: NextRequest) => venueKeyForHost(request.headers.get('host'));
const isHttps = (request: NextRequest) => request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' || request.nextUrl.protocol === 'https:';

/**
 * `POST /api/staff/session {token}`: signs this device in with the venue's credential.
 * 200 `{result: 'signedIn', expiresAt}` with the session cookie; 401 `wrongToken`; 429 after
 * too many attempts from one address (limit `staffSignIn`); 400 without a JSON body.
 */
export async function handleStaffSignIn(request: NextRequest): Promise<Response> {
  const refused = await refuseOverLimit(request, 'staffSignIn');
  if (refused) return refused;
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid' }, 400);
  const token = typeof body.token === 'string' ? body.token : '';
  const session = await signInStaff(await getDb(), venueOf(request), token, request.headers.get('user-agent') ?? '');
  if (!session) return json({ error: 'wrongToken' }, 401);
  return json({ result: 'signedIn', expiresAt: session.expiresAt.toISOString() }, 200, { 'Set-Cookie': staffCookie(session.id, session.expiresAt, isHttps(request)) });
}

/** `DELETE /api/staff/session`: "sign out this device": the session is revoked on the server and the cookie cleared. */
export async function handleStaffSignOut(request: NextRequest): Promise<Response> {
  await signOutStaff(await getDb(), request.cookies.get(STAFF_COOKIE)?.value);
  return json({ result: 'signedOut' }, 200, { 'Set-Cookie': clearedStaffCookie(isHttps(request)) });
}

/** The request's live staff session for its venue, or null (then the caller answers 401). */
export async function requestStaffSession(request: NextRequest) {
  return staffSessionFor(await getDb(), venueOf(request), request.cookies.get(STAFF_COOKIE)?.value);
}
