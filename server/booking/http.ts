import 'server-only';
import type { NextRequest } from 'next/server';
import { backendFor } from '@/lib/backend';
import { toLocale } from '@/lib/i18n/locales';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';

const json = (body: unknown, status: number) => Response.json(body, { status, headers: { 'Cache-Control': 'no-store' } });
const backend = (request: Request) => backendFor(venueKeyForHost(request.headers.get('host')));

/** Flattens a JSON body or query to the contract's form fields (strings). */
function toForm(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'boolean') out[key] = value ? '1' : '0';
    else if (typeof value === 'string' || typeof value === 'number') out[key] = String(value);
  }
  return out;
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = await request.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? body : null;
  } catch {
    return null;
  }
}

/** The answer of a reservation call for the browser: data, or a 4xx with the message keys. */
function answer(result: Awaited<ReturnType<ReturnType<typeof backendFor>['reservation']>>, refusal = 409) {
  if (result.status) return json({ data: result.data }, 200);
  if (result.error === 'generic') return json({ error: 'generic' }, 503);
  if (Object.keys(result.fieldErrors).length || result.error === 'invalid') return json({ error: result.error, fieldErrors: result.fieldErrors }, 400);
  return json({ error: result.error }, refusal);
}

/** `GET /api/reservation/month?year&month&pax&reservemodule`: the calendar's day states. */
export async function handleMonth(request: NextRequest) {
  const q = Object.fromEntries(request.nextUrl.searchParams.entries());
  return answer(await backend(request).reservation('getmonth', toForm(q)), 400);
}

/** `GET /api/reservation/day?day&pax&reservemodule`: the day's slots and zones. */
export async function handleDay(request: NextRequest) {
  const q = Object.fromEntries(request.nextUrl.searchParams.entries());
  return answer(await backend(request).reservation('getday', toForm(q)), 400);
}

/** `POST /api/reservation/hold`: holds the seats of the chosen time (409 with the condition when full). */
export async function handleHold(request: NextRequest) {
  const body = await readJson(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return answer(await backend(request).reservation('hold', toForm(body)));
}

export async function handleRelease(request: NextRequest) {
  const body = await readJson(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return answer(await backend(request).reservation('release', toForm({ holdToken: body.holdToken })));
}

/** `POST /api/reservation`: books; `{data: {outcome, hash}}`, 409 `soldOut`, or 400 with field errors. */
export async function handleCreate(request: NextRequest) {
  const body = await readJson(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const form = toForm({
    ...body,
    language: toLocale(typeof body.language === 'string' ? body.language : null),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
  });
  return answer(await backend(request).reservation('create', form));
}

/** `GET /api/reservation/experiences?month&year&pax` or `?day&pax`: the spec's experience calendar calls. */
export async function handleExperiences(request: NextRequest) {
  const q = Object.fromEntries(request.nextUrl.searchParams.entries());
  const call = q.day ? 'getesperienzeday' : 'getesperienzemonth';
  return answer(await backend(request).experienceDays(call, toForm(q)), 400);
}
