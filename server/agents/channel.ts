import 'server-only';
import { z } from 'zod';
import { backendFor, type Backend } from '@/server/backend';
import { getDb } from '@/server/db/client';
import { findVenueByKey } from '@/server/venues/queries';
import { channelOfKey } from '@/server/channels/keys';
import { venueKeyForHost } from '@/lib/venue/host';
import { siteOrigin } from '@/lib/venue/origin';
import { toLocale } from '@/lib/i18n/locales';
import { clientAddress } from '@/server/http/client-address';
import { noStoreJson, readJsonObject } from '@/server/http';
import { log } from '@/lib/log';
import type { BookingSource } from '@/lib/booking/source';
import { bookTable, bookingSummary, cancelBooking, changeBooking, findBooking, refusal, refusalOf, verifyCode, withNul, type Refusal } from './booking';
import { calendarDaySchema, calendarMonthSchema } from '@/lib/forms/reservation';
import { fieldErrors } from '@/lib/forms/fields';
import { bookRequestSchema, cancelRequestSchema, changeRequestSchema, verifyRequestSchema } from './channel-schemas';
import { catalogue } from './texts';
import { openApiDocument } from './openapi';

/**
 * The channel API, `/api/channel/v1/*` (issue 46, docs/agents.md): REST and JSON for channel
 * managers, authenticated by the channel's own key (`Authorization: Bearer fpch_...`, made by
 * `npm run channel:key`), each booking made by the site's own backend call and tagged
 * `channel:{name}`. The venue's quota of covers per shift for the channel holds under the
 * day's capacity lock (server/channels/quotas.ts); changes reach the channel's webhook.
 */

type Door = { backend: Backend; venueKey: string; source: BookingSource; remoteIp: string };

const STATUS: Record<string, number> = { invalid: 400, notFound: 404, rateLimited: 429, unavailable: 503, unauthorized: 401, soldOut: 409 };

/** A refusal at its status: bad input 400 (with the fields), not found 404, limits 429, the backend down 503, any other refusal 409. */
function refused(r: Refusal): Response {
  const { ok: _ok, ...body } = r;
  void _ok;
  const status = r.fields ? 400 : (STATUS[r.error] ?? 409);
  return noStoreJson(body, status, r.retryAfter ? { 'Retry-After': String(r.retryAfter) } : {});
}

const answer = <T extends { ok: boolean }>(result: T | Refusal): Response => {
  if (!result.ok) return refused(result as Refusal);
  const { ok: _ok, ...body } = result;
  void _ok;
  return noStoreJson(body, 200);
};

/** The door of a request with a channel's key of this venue, or the 401 (the same for a missing, wrong, rotated or other venue's key). */
async function authenticated(request: Request, language: string): Promise<Door | Response> {
  const venueKey = venueKeyForHost(request.headers.get('host'));
  const key = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const db = await getDb();
  const venue = key ? await findVenueByKey(db, venueKey) : null;
  const channel = venue ? await channelOfKey(db, venue.id, key) : null;
  if (!channel) return noStoreJson({ error: 'unauthorized', message: catalogue(language).agents.unauthorized }, 401, { 'WWW-Authenticate': 'Bearer realm="channel"' });
  return { backend: backendFor(venueKey), venueKey, source: `channel:${channel.name}`, remoteIp: clientAddress(request.headers) };
}

/** A JSON body read through its schema; bad shapes are the site's 400 `invalid`, each field named. */
async function bodyOf<S extends z.ZodType>(request: Request, schema: S, language: string): Promise<z.output<S> | Response> {
  const raw = await readJsonObject(request);
  const parsed = schema.safeParse(raw ?? undefined);
  if (parsed.success) return parsed.data;
  const fields = Object.fromEntries((parsed.error?.issues ?? []).map((i) => [i.path.join('.') || 'body', { error: 'invalid', message: refusal('invalid', language).message }]));
  return refused({ ...refusal('invalid', language), fields: Object.keys(fields).length ? fields : { body: { error: 'invalid', message: refusal('invalid', language).message } } });
}

const langOf = (value: unknown) => toLocale(typeof value === 'string' ? value : null);

/** `GET /api/channel/v1/availability?date&pax` (the day's times) or `?year&month&pax` (the month's days). */
export async function handleAvailability(request: Request): Promise<Response> {
  const q = new URL(request.url).searchParams;
  const language = langOf(q.get('language'));
  const door = await authenticated(request, language);
  if (door instanceof Response) return door;
  const pax = q.get('pax') ?? '';
  // The query's strings read by the calendar's rule (lib/forms/reservation.ts) into the table door's typed query.
  if (q.get('date')) {
    const fields = { day: q.get('date') ?? '', pax };
    const bad = withNul(fields, language);
    if (bad) return refused(bad);
    const query = calendarDaySchema.safeParse(fields);
    if (!query.success) return refused(refusalOf({ status: false, error: 'invalid', fieldErrors: fieldErrors(query.error) }, language));
    const day = await door.backend.tables.day(query.data);
    if (!day.status) return refused(refusalOf(day, language));
    const { slots, condition: _c, ...rest } = day.data;
    void _c;
    return noStoreJson({ ...rest, times: slots.map((s) => ({ time: s.time, shift: s.shift, available: s.available, zones: s.zones.map((z) => ({ key: z.key, available: z.available })) })) }, 200);
  }
  const fields = { year: q.get('year') ?? '', month: q.get('month') ?? '', pax };
  const bad = withNul(fields, language);
  if (bad) return refused(bad);
  const query = calendarMonthSchema.safeParse(fields);
  if (!query.success) return refused(refusalOf({ status: false, error: 'invalid', fieldErrors: fieldErrors(query.error) }, language));
  const month = await door.backend.tables.month(query.data);
  return month.status ? noStoreJson({ days: month.data }, 200) : refused(refusalOf(month, language));
}

/** `POST /api/channel/v1/bookings`: books a table as the site's form does, tagged `channel:{name}`. */
export async function handleBook(request: Request): Promise<Response> {
  const peek = (await request.clone().json().catch(() => null)) as { language?: unknown } | null;
  const language = langOf(peek?.language);
  const door = await authenticated(request, language);
  if (door instanceof Response) return door;
  const body = await bodyOf(request, bookRequestSchema, language);
  if (body instanceof Response) return body;
  const result = await bookTable(door.backend, {
    venueKey: door.venueKey,
    choice: { date: body.date, time: body.time, partySize: body.pax, zone: body.zone },
    guest: body.guest,
    language,
    source: door.source,
    remoteIp: door.remoteIp,
    idempotencyKey: body.idempotencyKey,
  });
  log.info('channel_booking', { venue: door.venueKey, source: door.source, result: result.ok ? result.status : result.error });
  return answer(result);
}

type Params = { params: Promise<{ reference: string }> };

/** `GET /api/channel/v1/bookings/{reference}?email`: the booking, when the e-mail is the guest's. */
export async function handleGet(request: Request, { params }: Params): Promise<Response> {
  const q = new URL(request.url).searchParams;
  const language = langOf(q.get('language'));
  const door = await authenticated(request, language);
  if (door instanceof Response) return door;
  const found = await findBooking(door.backend, { reference: (await params).reference, email: q.get('email') ?? '', language });
  return found.ok ? noStoreJson({ booking: bookingSummary(found.booking) }, 200) : refused(found);
}

/**
 * A call on one booking with a JSON body: its language (the body's, read before the key so that
 * a refusal speaks it), the channel's key, the body read by its schema; then the call.
 */
async function onBooking<S extends z.ZodType>(
  request: Request,
  { params }: Params,
  schema: S,
  call: (door: Door, body: z.output<S>, reference: string, language: string) => Promise<Response>,
): Promise<Response> {
  const language = langOf(((await request.clone().json().catch(() => null)) as { language?: unknown } | null)?.language);
  const door = await authenticated(request, language);
  if (door instanceof Response) return door;
  const body = await bodyOf(request, schema, language);
  if (body instanceof Response) return body;
  return call(door, body, (await params).reference, language);
}

/** `PATCH /api/channel/v1/bookings/{reference}`: moves the booking (the site's change rules). */
export async function handleChange(request: Request, route: Params): Promise<Response> {
  return onBooking(request, route, changeRequestSchema, async (door, { email, date, time, pax, zone }, reference, language) =>
    answer(await changeBooking(door.backend, { reference, email, language, choice: { date, time, partySize: pax, zone } })),
  );
}

/** `POST /api/channel/v1/bookings/{reference}/cancel`. */
export async function handleCancel(request: Request, route: Params): Promise<Response> {
  return onBooking(request, route, cancelRequestSchema, async (door, body, reference, language) => answer(await cancelBooking(door.backend, { reference, email: body.email, language })));
}

/** `POST /api/channel/v1/bookings/{reference}/verify`: the SMS code of a booking that answered `smsCode`. */
export async function handleVerify(request: Request, route: Params): Promise<Response> {
  return onBooking(request, route, verifyRequestSchema, async (door, body, reference, language) =>
    answer(await verifyCode(door.backend, { reference, code: body.code, language, remoteIp: door.remoteIp })),
  );
}

/** `GET /api/channel/v1/openapi.json`: the API's description (public: it holds no venue data). */
export function handleOpenApi(request: Request): Response {
  // The one origin rule: the venue's configured origin, never the request's Host (lib/venue/origin.ts).
  return Response.json(openApiDocument(siteOrigin(venueKeyForHost(request.headers.get('host'))).origin), { headers: { 'Cache-Control': 'public, max-age=300' } });
}
