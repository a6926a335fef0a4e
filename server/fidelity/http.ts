import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/server/backend';
import { UNAVAILABLE } from '@/lib/backend/client';
import { fidelityLookupSchema, fidelitySchema, type FidelityOutcome } from '@/lib/forms/fidelity';
import { fieldErrors } from '@/lib/forms/fields';
import { toLocale } from '@/lib/i18n/locales';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { refuseOverLimit } from '@/server/limits';
import { noStoreJson as json, readJsonObject } from '@/server/http';
import { withdrawMarketing } from './unsubscribe';
import { findVenueByKey } from '@/server/venues/queries';
import { getDb } from '@/server/db/client';
import { localizedPath } from '@/lib/i18n/paths';



/** HTTP status of each outcome: bad input is a 4xx, never a 500. */
const STATUS: Record<string, number> = { success: 200, alreadyRegistered: 409, disabled: 403 };

/**
 * `POST /api/fidelity`: the sign-up form's submit. The same zod schema as the form
 * checks the input, then the venue's backend (built-in or legacy) decides the outcome.
 * Answers `{outcome}` (the landing page to show) or `400 {fieldErrors}` (message keys).
 */
export async function handleSubscribe(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const parsed = fidelitySchema.safeParse(body);
  if (!parsed.success) return json({ error: 'invalid', fieldErrors: fieldErrors(parsed.error) }, 400);
  const v = parsed.data;
  const refused = await refuseOverLimit(request, 'fidelitySignupAddress', { fidelitySignupEmail: v.email });
  if (refused) return refused;
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const result = await backendFor(venueKey).loyalty.subscribe({
    member: v,
    locale: toLocale(typeof body.language === 'string' ? body.language : null),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
  });
  if (!result.status && result.error === 'invalid') return json({ error: 'invalid', fieldErrors: result.fieldErrors }, 400);
  // The backend could not be reached: the form stays, with what the guest typed, and says so.
  if (!result.status && result.error === UNAVAILABLE) return json({ error: UNAVAILABLE }, 503);
  const outcome: FidelityOutcome = result.status
    ? 'success'
    : result.error === 'alreadyRegistered' || result.error === 'disabled'
      ? result.error
      : 'generic';
  return json({ outcome }, STATUS[outcome] ?? 503);
}

/** `POST /api/fidelity/lookup`: the same answer whether or not the address is registered. */
export async function handleLookup(request: NextRequest): Promise<Response> {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const parsed = fidelityLookupSchema.safeParse(body);
  if (!parsed.success) return json({ error: 'invalid', fieldErrors: fieldErrors(parsed.error) }, 400);
  // Each look-up may send an e-mail: limited per address, and per target inbox (docs/security.md).
  const refused = await refuseOverLimit(request, 'fidelityLookupAddress', { fidelityLookupEmail: parsed.data.email });
  if (refused) return refused;
  const result = await backendFor(venueKeyForHost(request.headers.get('host'))).loyalty.lookup({
    email: parsed.data.email,
    locale: toLocale(typeof body.language === 'string' ? body.language : null),
  });
  if (!result.status && result.error === 'invalid') return json({ error: 'invalid', fieldErrors: result.fieldErrors }, 400);
  if (!result.status && result.error === UNAVAILABLE) return json({ error: UNAVAILABLE }, 503);
  return result.status ? json({ outcome: 'sent' }, 200) : json({ outcome: 'generic' }, 503);
}

/**
 * `POST /api/fidelity/unsubscribe` (the unsubscribe page's form: t, language): withdraws the
 * member's marketing consent, once, then `303` back to the page, which says it is done. A
 * token the site did not sign: 400.
 */
export async function handleUnsubscribe(request: NextRequest): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const token = String(form?.get('t') ?? '').slice(0, 100);
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKeyForHost(request.headers.get('host')));
  if (!venue) return json({ error: 'invalid' }, 400);
  const outcome = await withdrawMarketing(db, venue, token);
  if (outcome === 'invalid') return json({ error: 'invalid' }, 400);
  const back = localizedPath(toLocale(String(form?.get('language') ?? '')), `/frontpage/fidelity/unsubscribe?t=${encodeURIComponent(token)}`);
  return new Response(null, { status: 303, headers: { Location: back, 'Cache-Control': 'private, no-store' } });
}

/**
 * `POST /api/unsubscribe?t=` (RFC 8058 one-click): the body must be `List-Unsubscribe=One-Click`;
 * withdraws the marketing consent as the page's button does and records it as one-click. 200
 * also when it was already withdrawn; 400 for a token the site did not sign.
 */
export async function handleOneClickUnsubscribe(request: NextRequest): Promise<Response> {
  const form = await request.formData().catch(() => null);
  const token = (request.nextUrl.searchParams.get('t') ?? '').slice(0, 100);
  if (form?.get('List-Unsubscribe') !== 'One-Click') return json({ error: 'invalid' }, 400);
  const db = await getDb();
  const venue = await findVenueByKey(db, venueKeyForHost(request.headers.get('host')));
  if (!venue) return json({ error: 'invalid' }, 400);
  const outcome = await withdrawMarketing(db, venue, token, undefined, 'oneClickUnsubscribe');
  if (outcome === 'invalid') return json({ error: 'invalid' }, 400);
  return json({ outcome }, 200);
}

/** `GET /api/unsubscribe?t=`: to the page that asks. */
export async function unsubscribePage(request: NextRequest): Promise<Response> {
  const token = (request.nextUrl.searchParams.get('t') ?? '').slice(0, 100);
  return new Response(null, { status: 303, headers: { Location: `/frontpage/fidelity/unsubscribe?t=${encodeURIComponent(token)}`, 'Cache-Control': 'private, no-store' } });
}
