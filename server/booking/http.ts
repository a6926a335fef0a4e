import 'server-only';
import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { fieldErrors } from '@/lib/forms/fields';
import { calendarDaySchema, calendarMonthSchema, dayQuerySchema, monthQuerySchema, guaranteeChoiceSchema, localCardSchema, smsCodeOf, tableChoiceSchema } from '@/lib/forms/reservation';
import { backendFor } from '@/server/backend';
import type { ActionResult } from '@/lib/backend/client';
import { formFields } from '@/lib/backend/tables';
import { toLocale } from '@/lib/i18n/locales';
import { browserSource } from '@/lib/booking/source';
import { sanitizedTexts } from '@/lib/html/description';
import { PARTNER_COOKIE, isPartnerValue } from '@/lib/partner/flag';
import { venueKeyForHost } from '@/lib/venue/host';
import { clientAddress } from '@/server/http/client-address';
import { giveBackLimit, RATE_LIMITED, refuseOverLimit, type LimitName } from '@/server/limits';
import { actionAnswer, noStoreJson as json, readJsonObject } from '@/server/http';

const backend = (request: Request) => backendFor(venueKeyForHost(request.headers.get('host')));



/** HTTP statuses of refusals that are not bad input (those are 400 with field errors). */
const refusalStatus: Record<string, number> = {
  botcheckFailed: 403,
  notFound: 404,
  paymentNotFound: 404,
  declined: 402,
  cardInvalid: 402,
  paymentFailed: 402,
  tooManyAttempts: 429,
  resendTooSoon: 429,
  resendLimit: 429,
  [RATE_LIMITED]: 429,
};

/**
 * The guest's address, for per-address limits: the socket's, or the one `TRUST_PROXY_HOPS`
 * trusted proxies reported; never an entry a client wrote (server/http/client-address.ts).
 */
export function clientIp(request: Request): string {
  return clientAddress(request.headers);
}

/**
 * The answer of a reservation call for the browser: data (already read through the call's
 * schema), a 4xx with the message keys, or 503 `unavailable` when the backend cannot be reached.
 */
const answer = (result: ActionResult, refusal = 409) => actionAnswer(result, refusalStatus, refusal);

/**
 * A POST whose JSON body goes to one reservation call as its fields, once the address's
 * limit `limit` (and the targets' limits the body names) let it through.
 */
async function post(
  request: Request,
  limit: LimitName | null,
  run: (form: Record<string, string>) => Promise<Parameters<typeof answer>[0]>,
  targets: (form: Record<string, string>) => Partial<Record<LimitName, string>> = () => ({}),
) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const form = formFields(body);
  const refused = limit ? await refuseOverLimit(request, limit, targets(form)) : null;
  if (refused) return refused;
  return answer(await run(form));
}

/**
 * A calendar query read into the table door's typed query (lib/forms/reservation.ts), or its
 * 400: a field with U+0000 (which PostgreSQL text cannot hold) or outside its rule.
 */
function calendarQuery<S extends typeof calendarMonthSchema | typeof calendarDaySchema>(request: NextRequest, schema: S): { ok: true; query: z.output<S> } | { ok: false; response: Response } {
  const q = Object.fromEntries(request.nextUrl.searchParams.entries());
  const withNul = Object.entries(q).find(([, value]) => value.includes('\u0000'));
  if (withNul) return { ok: false, response: json({ error: 'invalid', fieldErrors: { [withNul[0]]: 'invalid' } }, 400) };
  const parsed = schema.safeParse(q);
  if (!parsed.success) return { ok: false, response: json({ error: 'invalid', fieldErrors: fieldErrors(parsed.error) }, 400) };
  return { ok: true, query: parsed.data as z.output<S> };
}

/** `GET /api/reservation/month?year&month&pax&reservemodule&hash`: the calendar's day states. */
export async function handleMonth(request: NextRequest) {
  const q = calendarQuery(request, calendarMonthSchema);
  return q.ok ? answer(await backend(request).tables.month(q.query), 400) : q.response;
}

/** `GET /api/reservation/day?day&pax&reservemodule&hash`: the day's slots and zones. */
export async function handleDay(request: NextRequest) {
  const q = calendarQuery(request, calendarDaySchema);
  return q.ok ? answer(await backend(request).tables.day(q.query), 400) : q.response;
}

/** A form read by its rule into a door's typed input, or the refusal of bad input (400 with a message key per field). */
export function typed<S extends z.ZodType>(schema: S, form: Record<string, unknown>, run: (input: z.output<S>) => Promise<ActionResult>): Promise<ActionResult> {
  const q = schema.safeParse(form);
  return q.success ? run(q.data) : Promise.resolve({ status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) });
}

/**
 * `POST /api/reservation/hold`: holds the seats of the chosen time (409 with the condition when full;
 * 429 past the address's hold calls, or its live holds and held covers, which the backend counts).
 */
export const handleHold = (request: NextRequest) =>
  post(request, 'holdAddress', (form) =>
    typed(tableChoiceSchema, form, (choice) => backend(request).tables.hold({ ...choice, replaceToken: form.holdToken || undefined, editing: form.hash || undefined, clientAddress: clientIp(request) })),
  );

export async function handleRelease(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  return answer(await backend(request).tables.release(formFields({ holdToken: body.holdToken }).holdToken || undefined));
}

/**
 * What the site tells a door of a browser's submit beside its form (tables and experiences alike):
 * the guest's language, the partner cookie, the guest's address, and the source, which a browser
 * only says as the site or the widget's frame, never another door's tag (issue 46).
 */
export function browserSubmit(request: NextRequest, language: unknown, source: unknown) {
  return {
    locale: toLocale(typeof language === 'string' ? language : null),
    partner: isPartnerValue(request.cookies.get(PARTNER_COOKIE)?.value),
    clientAddress: clientIp(request),
    source: browserSource(source),
  };
}

/** `POST /api/reservation`: books; `{data: {outcome, hash}}`, 409 `soldOut`, or 400 with field errors. */
export async function handleCreate(request: NextRequest) {
  const body = await readJsonObject(request);
  if (!body) return json({ error: 'invalid', fieldErrors: {} }, 400);
  const refused = await refuseOverLimit(request, 'createAddress', {
    createEmail: typeof body.email === 'string' ? body.email : undefined,
    createPhone: typeof body.telefono === 'string' ? `${typeof body.prefisso === 'string' ? body.prefisso : ''}${body.telefono}`.replace(/[^\d+]/g, '') : undefined,
  });
  if (refused) return refused;
  return answer(
    await backend(request).tables.create(body, browserSubmit(request, body.language, body.source)),
  );
}

/**
 * `POST /api/reservation/guarantee`: whether the choice needs a card, and if so a new card setup.
 * Only a started setup costs: a check that needs no card (or starts none) gives its hit of
 * `guaranteeAddress` back, so a table of 2 never uses up a shared address's allowance (issue 45).
 */
export const handleGuarantee = (request: NextRequest) =>
  post(request, 'guaranteeAddress', (form) =>
    typed(guaranteeChoiceSchema, form, async (choice) => {
      const result = await backend(request).tables.guarantee(choice);
      if (result.status && !startedSetup(result.data)) await giveBackLimit(request, 'guaranteeAddress');
      return result;
    }),
  );

const startedSetup = (data: unknown) => typeof data === 'object' && data !== null && typeof (data as { reference?: unknown }).reference === 'string' && (data as { reference: string }).reference !== '';

/** `POST /api/reservation/card`: the local test provider's card form (402 when declined). */
export const handleLocalCard = (request: NextRequest) => post(request, 'cardConfirmAddress', (form) => typed(localCardSchema, form, (card) => backend(request).tables.confirmLocalCard(card)));

/** `POST /api/reservation/code`: the SMS code of a suspended booking (per-IP limits need the guest's address). */
export const handleCode = (request: NextRequest) =>
  post(request, null, async (form) => {
    const q = smsCodeOf(form);
    return q ? backend(request).tables.verifyCode({ ...q, clientAddress: clientIp(request) }) : { status: false, error: 'invalid', fieldErrors: { code: 'codeInvalid' } };
  });

/** `POST /api/reservation/code/resend`: a new SMS code (429 when too soon or too many). */
export const handleResend = (request: NextRequest) => post(request, 'smsResendAddress', (form) => backend(request).tables.resendCode(form.hash ?? ''));

/** `POST /api/reservation/edit`: moves a booking; 409 with a `reserveEdit*Error` when refused. */
export const handleEdit = (request: NextRequest) => post(request, null, (form) => backend(request).tables.edit(form.hash ?? '', form));

/** `POST /api/reservation/cancel`. */
export const handleCancel = (request: NextRequest) => post(request, null, (form) => backend(request).tables.cancel(form.hash ?? ''));

/** `GET /api/reservation/experiences?month&year&pax` or `?day&pax`: the spec's experience calendar calls. */
export async function handleExperiences(request: NextRequest) {
  const q = Object.fromEntries(request.nextUrl.searchParams.entries());
  if (!q.day) {
    const month = monthQuerySchema.safeParse(q);
    if (!month.success) return json({ error: 'invalid', fieldErrors: fieldErrors(month.error) }, 400);
    return answer(await backend(request).experiences.month({ year: month.data.year, month: month.data.month, partySize: month.data.pax }), 400);
  }
  const asked = dayQuerySchema.safeParse(q);
  if (!asked.success) return json({ error: 'invalid', fieldErrors: fieldErrors(asked.error) }, 400);
  const day = await backend(request).experiences.day({ date: asked.data.day, partySize: asked.data.pax });
  // The descriptions go to the wizard's accordion as HTML: made safe here, whichever backend wrote them (issue 45).
  return answer(day.status ? { ...day, data: day.data.map((e) => ({ ...e, descrizione: sanitizedTexts(e.descrizione) })) } : day, 400);
}
