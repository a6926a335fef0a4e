import 'server-only';
import type { NextRequest } from 'next/server';
import { venueKeyForHost } from '@/lib/venue/host';
import { backendFor } from '@/server/backend';
import { UNAVAILABLE, type ActionResult } from '@/lib/backend/client';
import type { StaffBookedResult } from '@/lib/backend/staff';
import { isStaffAction } from './view';
import { toLocale } from '@/lib/i18n/locales';
import { localizedPath } from '@/lib/i18n/paths';
import { getDb } from '@/server/db/client';
import { refuseOverLimit } from '@/server/limits';
import { noStoreJson as json, readJsonObject } from '@/server/http';
import { linkFormAnswer } from '@/server/http/link-form';
import { createPairingCode, groupedPairingCode, signInWithPairingCode } from './pairing';
import { clearedStaffCookie, signInStaff, signOutStaff, STAFF_COOKIE, staffCookie, staffSessionFor } from './sessions';

const venueOf = (request: NextRequest) => venueKeyForHost(request.headers.get('host'));
const isHttps = (request: NextRequest) => request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https' || request.nextUrl.protocol === 'https:';

/**
 * `POST /api/staff/session {token}`: signs this device in with the venue's credential.
 * 200 `{result: 'signedIn', expiresAt}` with the session cookie; 401 `wrongToken`; 429 after
 * too many attempts from one address (limit `staffSignIn`); 400 without a JSON body.
 * `POST /api/staff/session {code}`: the same with a pairing code shown on a signed-in device of
 * the venue (issue 44, server/staff/pairing.ts): 401 `wrongCode` (wrong, used, expired or
 * another venue's); 429 past `staffPairAddress` (per address) or `staffPairVenue` (per venue).
 */
export async function handleStaffSignIn(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  const pairing = body !== null && typeof body.code === 'string';
  const refused = pairing ? await refuseOverLimit(request, 'staffPairAddress', { staffPairVenue: 'venue' }) : await refuseOverLimit(request, 'staffSignIn');
  if (refused) return refused;
  if (!body) return json({ error: 'invalid' }, 400);
  const userAgent = request.headers.get('user-agent') ?? '';
  if (pairing) {
    const paired = await signInWithPairingCode(await getDb(), venueOf(request), body.code as string, userAgent);
    if (!paired) return json({ error: 'wrongCode' }, 401);
    return json({ result: 'signedIn', expiresAt: paired.expiresAt.toISOString() }, 200, { 'Set-Cookie': staffCookie(paired.id, paired.expiresAt, isHttps(request)) });
  }
  const token = typeof body.token === 'string' ? body.token : '';
  const session = await signInStaff(await getDb(), venueOf(request), token, userAgent);
  if (!session) return json({ error: 'wrongToken' }, 401);
  return json({ result: 'signedIn', expiresAt: session.expiresAt.toISOString() }, 200, { 'Set-Cookie': staffCookie(session.id, session.expiresAt, isHttps(request)) });
}

/**
 * `POST /api/staff/pairing` (no body): "Pair a phone": a pairing code for this signed-in
 * device's venue, `{code: 'ABCD EFGH', expiresAt}` (5 minutes, single use). 401 `signIn`.
 */
export async function handleStaffPairing(request: NextRequest): Promise<Response> {
  const session = await requestStaffSession(request);
  if (!session) return json({ error: 'signIn' }, 401);
  const { code, expiresAt } = await createPairingCode(await getDb(), session);
  return json({ code: groupedPairingCode(code), expiresAt: expiresAt.toISOString() }, 200);
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

const answerOf = (error: string) => (error === 'unknownCall' ? json({ error: 'notOffered' }, 501) : error === UNAVAILABLE || error === 'generic' ? json({ error: UNAVAILABLE }, 503) : null);

/**
 * `GET /api/staff/day?date=yyyy-mm-dd`: the service sheet (`staff/day`) for signed-in staff.
 * 401 `signIn` without a live session; 400 for a bad date; 501 `notOffered` when the
 * backend has no such call (the venue's own system handles it); 503 when it cannot answer.
 */
export async function handleStaffDay(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const date = request.nextUrl.searchParams.get('date') ?? '';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return json({ error: 'invalid', fieldErrors: { date: 'invalid' } }, 400);
  const result = await backendFor(venueOf(request)).staffArea.day(date);
  if (result.status) return json({ data: result.data }, 200);
  return answerOf(result.error) ?? json({ error: result.error, fieldErrors: result.fieldErrors }, result.error === 'invalid' ? 400 : 409);
}

/**
 * `GET /api/staff/search?q=…` (issue 44): bookings on any day by name, phone or booking code
 * (`staff/search`) for signed-in staff. 401 `signIn`; 400 for a query of fewer than 2 or more
 * than 100 characters; 501, 503 as the day.
 */
export async function handleStaffSearch(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const q = (request.nextUrl.searchParams.get('q') ?? '').trim();
  if (q.length < 2 || q.length > 100) return json({ error: 'invalid', fieldErrors: { q: 'invalid' } }, 400);
  const result = await backendFor(venueOf(request)).staffArea.search(q);
  if (result.status) return json({ data: result.data }, 200);
  return answerOf(result.error) ?? json({ error: result.error, fieldErrors: result.fieldErrors }, result.error === 'invalid' ? 400 : 409);
}

/** The sheet's refusals that are not about the booking's version or status (server/staff/calls.ts): 409 with the error. */
const REFUSED = new Set(['tooEarly', 'undoExpired', 'feePending']);

/**
 * `POST /api/staff/answer {hash, action, version, note?}`: one answer to a booking, action
 * `confirm`, `decline`, `arrived`, `noshow`, `cancel`, `refundfee`, `offer`, `finished` (issue 44), or `undo` (the
 * last mark, within 10 minutes). 200 `{result: 'done', booking}`; 409 `{result: 'changed' |
 * 'notAllowed', booking}` with the booking as it is now; 409 `{error: 'tooEarly' |
 * 'undoExpired' | 'feePending'}`; 401, 400, 404, 501, 503.
 */
export async function handleStaffAnswer(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  if (!body || !(isStaffAction(body.action) || body.action === 'undo') || typeof body.hash !== 'string' || !Number.isInteger(body.version)) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const note = typeof body.note === 'string' ? body.note : '';
  if (note.length > 500) return json({ error: 'invalid', fieldErrors: { note: 'noteTooLong' } }, 400);
  const result = await backendFor(venueOf(request)).staffArea.answer(body.action, { hash: body.hash, version: Number(body.version), note });
  if (result.status) return json(result.data, result.data.result === 'done' ? 200 : 409);
  if (result.error === 'notFound') return json({ error: 'notFound' }, 404);
  if (REFUSED.has(result.error)) return json({ error: result.error }, 409);
  return answerOf(result.error) ?? json({ error: result.error, fieldErrors: result.fieldErrors }, 400);
}

/**
 * `POST /api/staff/link` (the one-click page's form: hash, a, v, s, note?, language): the
 * answer, once, through the staff door (`staffArea.answerByLink`; on a front the contract's `answerlink/answer`: the link's signature is its
 * authority, checked by the backend, so it works on a front), then 303 back to the link's
 * page, which says what was done and when. A link that is not the site's is a 400 page; a
 * backend that cannot answer a 503 page.
 */
export async function handleAnswerLink(request: NextRequest): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '').slice(0, 600);
  const [hash, a, v, s] = [field('hash').slice(0, 100), field('a').slice(0, 20), field('v').slice(0, 20), field('s').slice(0, 100)];
  const locale = toLocale(field('language'));
  const result = await backendFor(venueOf(request)).staffArea.answerByLink({ hash, a, v, s }, field('note').slice(0, 500));
  const back = localizedPath(locale, `/staff/answer/${encodeURIComponent(hash)}?${new URLSearchParams({ a, v, s })}`);
  return linkFormAnswer(result, locale, back, { title: 'staffArea.link.title', invalid: 'staffArea.link.invalid' });
}

/**
 * `POST /api/staff/autooffers {enabled}`: the sheet's switch for automatic waiting-list
 * offers (`staff/autooffers`). 200 `{autoOffers}`; 401, 400, 501, 503 as above.
 */
export async function handleAutoOffers(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  if (!body || typeof body.enabled !== 'boolean') return json({ error: 'invalid', fieldErrors: { enabled: 'invalid' } }, 400);
  const result = await backendFor(venueOf(request)).staffArea.autoOffers(body.enabled);
  if (result.status) return json(result.data, 200);
  return answerOf(result.error) ?? json({ error: result.error }, 400);
}

/** The staff booking refusals that are not bad input (server/staff/calls.ts): 409 with the error and its field. */
const CONFLICTS = new Set(['full', 'noShiftNow', 'changed', 'notChangeable', 'experienceFull', 'idempotencyKeyReused']);

/** A staff booking call's answer over the sheet's API: 200 with the booking (the first one again for a retried `idempotencyKey`), 409 a conflict, 404, 400, 401, 501, 503. */
async function staffBookingAnswer(answer: Promise<ActionResult<StaffBookedResult>>): Promise<Response> {
  const result = await answer;
  if (result.status) return json(result.data, 200);
  if (result.error === 'notFound') return json({ error: 'notFound' }, 404);
  if (CONFLICTS.has(result.error)) return json({ error: result.error, fieldErrors: result.fieldErrors }, 409);
  return answerOf(result.error) ?? json({ error: result.error, fieldErrors: result.fieldErrors }, 400);
}

/**
 * `POST /api/staff/book {kind: 'walkin' | 'phone', pax, zone?, date?, time?, nome?, cognome?,
 * prefisso?, telefono?, email?, note?, marketing?, override?, idempotencyKey?}` (issue 44): a walk-in seated now
 * (`staff/walkin`) or a booking taken on the phone (`staff/phonebooking`). 200 `{result:
 * 'booked', booking, override}`; 409 `{error: 'full', fieldErrors: {override: rule}}` (sent again
 * with `override: true` books past it) or `noShiftNow`; 400 with field errors; 401, 501, 503.
 */
export async function handleStaffBook(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  if (!body || (body.kind !== 'walkin' && body.kind !== 'phone')) return json({ error: 'invalid', fieldErrors: { kind: 'invalid' } }, 400);
  return staffBookingAnswer(backendFor(venueOf(request)).staffArea.book(body.kind === 'walkin' ? 'staff/walkin' : 'staff/phonebooking', body));
}

/**
 * `POST /api/staff/change {hash, version, date?, time?, pax?, zone?, override?, idempotencyKey?}` (issue 44): a
 * booking's party, time, zone or day changed from the sheet (`staff/change`). 200 `{result:
 * 'changed', booking, override}`; 409 `full` | `changed` | `notChangeable` | `experienceFull`; 404; 400; 401, 501, 503.
 */
export async function handleStaffChange(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  if (!body || typeof body.hash !== 'string' || !Number.isInteger(body.version)) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return staffBookingAnswer(backendFor(venueOf(request)).staffArea.book('staff/change', body));
}

/**
 * `POST /api/staff/table {hash, tables: string[], override?}` (issue 44): a booking moved by hand
 * to a table, or tables pushed together, of its zone; [] clears it (`staff/table`). 200 `{result:
 * 'changed', booking, override}`; 409 `full` (`fieldErrors.override`: `tableTaken` | `tableTooSmall`) | `notChangeable`; 404; 400; 401, 501, 503.
 */
export async function handleStaffTable(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  const tables = Array.isArray(body?.tables) && body.tables.length <= 8 && body.tables.every((t) => typeof t === 'string' && !t.includes(',')) ? (body.tables as string[]) : null;
  if (!body || typeof body.hash !== 'string' || !tables) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return staffBookingAnswer(backendFor(venueOf(request)).staffArea.table({ hash: body.hash, tables, ...(typeof body.override === 'boolean' ? { override: body.override } : {}) }));
}

/**
 * `POST /api/staff/guest {hash, notes, tags: string[]}` (issue 44): the guest's notes and tags on
 * their profile (`staff/guest`). 200 `{profile}`; 400 with the field; 404; 409 `noIdentity`; 401, 501, 503.
 */
export async function handleStaffGuest(request: NextRequest): Promise<Response> {
  if (!(await requestStaffSession(request))) return json({ error: 'signIn' }, 401);
  const body = await readJsonObject(request);
  const tags = Array.isArray(body?.tags) && body.tags.every((t) => typeof t === 'string' && !t.includes(',')) ? (body.tags as string[]) : null;
  if (!body || typeof body.hash !== 'string' || typeof body.notes !== 'string' || !tags) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const result = await backendFor(venueOf(request)).staffArea.guest({ hash: body.hash, notes: body.notes, tags });
  if (result.status) return json(result.data, 200);
  if (result.error === 'notFound') return json({ error: 'notFound' }, 404);
  if (result.error === 'noIdentity') return json({ error: 'noIdentity' }, 409);
  return answerOf(result.error) ?? json({ error: result.error, fieldErrors: result.fieldErrors }, 400);
}
