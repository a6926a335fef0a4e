import 'server-only';
import { z } from 'zod';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { backendFor, type Backend } from '@/server/backend';
import { calendarDaySchema, calendarMonthSchema, monthQuerySchema } from '@/lib/forms/reservation';
import { fieldErrors } from '@/lib/forms/fields';
import { venueKeyForHost } from '@/lib/venue/host';
import { locales, toLocale } from '@/lib/i18n/locales';
import { pickText } from '@/lib/i18n/texts';
import { clientAddress } from '@/server/http/client-address';
import { RATE_LIMITED, refuseOverLimit, type LimitName } from '@/server/limits';
import { log } from '@/lib/log';
import { bookTable, bookingSummary, cancelBooking, changeBooking, findBooking, refusal, refusalOf, siteLink, verifyCode, withNul } from './booking';
import { now } from '@/server/clock';
import { localMoment } from '@/server/booking/time';
import { catalogue } from './texts';

/**
 * The MCP server of a venue (issue 46, docs/agents.md): `/mcp` on the venue's host, Streamable
 * HTTP, stateless (a server and a transport per request, nothing kept between them: any
 * instance answers any call). Each tool is the site's own backend call through `backendFor`,
 * so the validation, refusals, limits, SMS code and guarantees are the site's; every booking is
 * tagged `mcp`. What a request may make the server spend is limited per address (`mcpAddress`),
 * and a booking counts the booking form's own limits too.
 */

const SERVER_INFO = { name: 'frontpage-venue', version: '1.0.0' };

const language = z.enum(locales).optional().describe('The language of the answer and of the booking e-mails: it, en, fr, es, de (default it).');
const date = z.string().max(10).describe('A date, YYYY-MM-DD (the venue\'s calendar).');
const time = z.string().max(5).describe('A time, HH:mm (the venue\'s time zone).');
const pax = z.number().int().describe('How many people.');
const reference = z.string().max(64).describe('The booking reference (returned by book_table).');
const email = z.string().max(200).describe("The guest's e-mail address, as given when booking.");

/** A tool's answer: its JSON as text (every client reads it) and as structured content; a refusal is an error result with the site's message. */
function toolResult<T extends { ok: boolean }>(answer: T): CallToolResult {
  const { ok, ...rest } = answer;
  return { content: [{ type: 'text', text: JSON.stringify(rest) }], structuredContent: rest as Record<string, unknown>, ...(ok ? {} : { isError: true }) };
}

type Door = { request: Request; venueKey: string; backend: Backend; remoteIp: string };

/** A tool's calendar question read by the calendar's rule (lib/forms/reservation.ts) into the table door's typed query, or the site's refusal of bad input. */
function calendarQuery<S extends typeof calendarMonthSchema | typeof calendarDaySchema>(schema: S, fields: Record<string, string | number>, lang: string) {
  const bad = withNul(fields, lang);
  if (bad) return bad;
  const q = schema.safeParse(fields);
  return q.success ? { ok: true as const, query: q.data as z.output<S> } : refusalOf({ status: false, error: 'invalid', fieldErrors: fieldErrors(q.error) }, lang);
}

/** The per-address limit of a costly step (the booking form's own limits), as a refusal in the guest's language; null to go on. */
async function overLimit(door: Door, name: LimitName, lang: string, targets: Partial<Record<LimitName, string>> = {}) {
  const refused = await refuseOverLimit(door.request, name, targets);
  if (!refused) return null;
  const body = (await refused.json().catch(() => ({}))) as { retryAfter?: number };
  return { ...refusal(RATE_LIMITED, lang), retryAfter: body.retryAfter ?? 60 };
}

/** Reads a loaded call, or the site's "unavailable" refusal. */
const unavailable = (lang: string) => refusal('unavailable', lang);

function registerTools(server: McpServer, door: Door) {
  const { backend, venueKey } = door;

  server.registerTool(
    'venue',
    {
      title: 'The venue',
      description: "The venue's name, address, phone, opening hours, closed days of this month and the next, party sizes, zones and shifts, languages, and its policies: the consent texts to show the guest before booking (privacy is required, marketing optional).",
      inputSchema: { language },
    },
    async ({ language: lang = 'it' }) => {
      const location = await backend.venue.location();
      if (location.status !== 'ok') return toolResult(unavailable(lang));
      const l = location.data;
      const locale = toLocale(lang);
      const labels = catalogue(locale).forms.labels;
      const [year, month] = localMoment(l.timezone || 'Europe/Rome', now()).date.split('-').map(Number);
      const months = [0, 1].map((i) => new Date(Date.UTC(year, month - 1 + i, 1)));
      const minPax = Math.max(1, l.booking.partySize.min || 1);
      const closed = (
        await Promise.all(months.map((m) => backend.tables.month({ year: m.getUTCFullYear(), month: m.getUTCMonth() + 1, partySize: minPax })))
      ).flatMap((m) => (m.status ? m.data.filter((d) => d.state === 'closed').map((d) => d.date) : []));
      return toolResult({
        ok: true,
        name: l.locationname,
        address: l.address,
        phone: l.phone,
        email: l.contactEmail,
        timezone: l.timezone,
        currency: l.valuta,
        openingHours: l.place?.openingHours ?? [],
        closedDays: closed,
        partySize: l.booking.partySize,
        waitingList: l.booking.waitingList,
        zones: l.booking.zones.map((z) => ({ key: z.key, name: pickText(z.name, locale) })),
        shifts: l.booking.shifts.map((s) => ({ key: s.key, name: pickText(s.name, locale) })),
        visitReasons: l.booking.visitReasons.map((r) => ({ key: r.key, label: pickText(r.label, locale) })),
        languages: locales,
        consents: [
          { key: 'privacyAccepted', required: true, label: labels.privacy, text: pickText(l.policies.privacy, locale) },
          { key: 'marketingEmail', required: false, label: labels.marketing, text: pickText(l.policies.marketing, locale) },
          { key: 'marketingSms', required: false, label: labels.marketingSms, text: pickText(l.policies.marketing, locale) },
        ],
        policiesVersion: l.policies.version,
        site: siteLink(venueKey, locale, '/'),
      });
    },
  );

  server.registerTool(
    'availability_month',
    {
      title: 'Availability by month',
      description: "Each day of a month for a party size: available, completed (full: the waiting list may take the party), closed, experience (only experiences that day) or past.",
      inputSchema: { year: z.number().int(), month: z.number().int().describe('1 to 12'), pax, language },
    },
    async ({ year, month, pax: people, language: lang = 'it' }) => {
      const q = calendarQuery(calendarMonthSchema, { year, month, pax: people }, lang);
      if (!q.ok) return toolResult(q);
      const result = await backend.tables.month(q.query);
      return toolResult(result.status ? { ok: true, days: result.data } : refusalOf(result, lang));
    },
  );

  server.registerTool(
    'availability_day',
    {
      title: 'Availability of a day',
      description: 'The times of a day for a party size, each with its zones and whether it has room; `waitingList` says whether a full time still takes the party on the waiting list.',
      inputSchema: { date, pax, language },
    },
    async ({ date: day, pax: people, language: lang = 'it' }) => {
      const q = calendarQuery(calendarDaySchema, { day, pax: people }, lang);
      if (!q.ok) return toolResult(q);
      const result = await backend.tables.day(q.query);
      if (!result.status) return toolResult(refusalOf(result, lang));
      const { slots, ...rest } = result.data;
      return toolResult({ ok: true, ...rest, times: slots.map((s) => ({ time: s.time, shift: s.shift, available: s.available, ...(s.condition ? { condition: s.condition } : {}), zones: s.zones.map((z) => ({ key: z.key, available: z.available })) })) });
    },
  );

  server.registerTool(
    'experiences',
    {
      title: 'Experiences',
      description: "The venue's experiences (tastings, events) with their dates, prices and the link to book one on the venue's site; with year, month and pax, the days of that month that have experiences for the party.",
      inputSchema: { language, year: z.number().int().optional(), month: z.number().int().optional(), pax: pax.optional() },
    },
    async ({ language: lang = 'it', year, month, pax: people }) => {
      const locale = toLocale(lang);
      const list = await backend.experiences.list();
      if (list.status !== 'ok') return toolResult(unavailable(locale));
      // The experience calendar's month by the calendar's rule (a question outside it finds no days).
      const asked = year && month ? monthQuerySchema.safeParse({ year, month, pax: people ?? 2 }) : null;
      const days = asked?.success ? await backend.experiences.month({ year: asked.data.year, month: asked.data.month, partySize: asked.data.pax }) : null;
      return toolResult({
        ok: true,
        experiences: list.data.elenco.map((e) => ({
          reference: e.hash,
          title: pickText(e.titolo, locale),
          price: e.prezzo,
          from: e.data,
          until: e.scadenza,
          guests: { min: e.numOspitiMin, max: e.numOspitiMax },
          url: siteLink(venueKey, locale, `/frontpage/esperienze/${encodeURIComponent(e.hash)}/reserve`),
        })),
        ...(asked ? { days: days?.status ? days.data : [] } : {}),
      });
    },
  );

  server.registerTool(
    'book_table',
    {
      title: 'Book a table',
      description:
        "Books a table as the venue's own booking form does. Show the guest the consent texts of the `venue` tool first: `privacyAccepted` must be the guest's yes. Returns `confirmed`, `awaitingVenue` (the venue confirms later), `waitingList`, or a step the guest must take: `smsCode` (a code was sent to the guest's phone: ask for it and call `verify`) or `cardGuarantee` (the guest gives a card on the venue's page at `url`; nothing is booked until then).",
      inputSchema: {
        date,
        time,
        pax,
        zone: z.string().max(40).optional().describe('A zone key of the time (availability_day); the first one with room when left out.'),
        firstName: z.string().max(100),
        lastName: z.string().max(100),
        email: z.string().max(200),
        phonePrefix: z.string().max(8).describe('The country calling code, e.g. +39.'),
        phone: z.string().max(30),
        notes: z.string().max(1000).optional(),
        visitReason: z.string().max(40).optional().describe('A key of the venue tool\'s visitReasons.'),
        privacyAccepted: z.boolean().describe('The guest accepted the privacy text the venue tool returned.'),
        marketingEmail: z.boolean().optional(),
        marketingSms: z.boolean().optional(),
        idempotencyKey: z.string().max(100).optional().describe('The same key on a retry answers the first booking instead of booking twice (16 to 100 characters).'),
        language,
      },
    },
    async (input) => {
      const lang = input.language ?? 'it';
      const phone = `${input.phonePrefix}${input.phone}`.replace(/[^\d+]/g, '');
      const limited = await overLimit(door, 'createAddress', lang, { createEmail: input.email, createPhone: phone });
      if (limited) return toolResult(limited);
      const answer = await bookTable(backend, {
        venueKey,
        choice: { date: input.date, time: input.time, partySize: input.pax, zone: input.zone },
        guest: input,
        language: lang,
        source: 'mcp',
        remoteIp: door.remoteIp,
        idempotencyKey: input.idempotencyKey,
      });
      log.info('mcp_booking', { venue: venueKey, result: answer.ok ? answer.status : answer.error });
      return toolResult(answer);
    },
  );

  server.registerTool(
    'verify',
    {
      title: 'Confirm with the SMS code',
      description: 'The 6-digit code the guest received by SMS, for a booking that answered `smsCode`.',
      inputSchema: { reference, code: z.string().max(20), language },
    },
    async ({ reference: ref, code, language: lang = 'it' }) => toolResult(await verifyCode(backend, { reference: ref, code, language: lang, remoteIp: door.remoteIp })),
  );

  server.registerTool(
    'resend_code',
    {
      title: 'Send a new SMS code',
      description: 'Sends a new code to the guest for a booking awaiting it (limited: one a minute, a few per booking).',
      inputSchema: { reference, language },
    },
    async ({ reference: ref, language: lang = 'it' }) => {
      const limited = await overLimit(door, 'smsResendAddress', lang);
      if (limited) return toolResult(limited);
      const bad = withNul({ hash: ref }, lang);
      if (bad) return toolResult(bad);
      const sent = await backend.tables.resendCode(ref);
      return toolResult(sent.status ? { ok: true, expiresAt: sent.data.expiresAt, message: catalogue(lang).reserve.sms.resent } : refusalOf(sent, lang));
    },
  );

  server.registerTool(
    'find_booking',
    { title: 'Look up a booking', description: 'A booking by its reference and the e-mail it was made with.', inputSchema: { reference, email, language } },
    async ({ reference: ref, email: mail, language: lang = 'it' }) => {
      const found = await findBooking(backend, { reference: ref, email: mail, language: lang });
      return toolResult(found.ok ? { ok: true, booking: bookingSummary(found.booking) } : found);
    },
  );

  server.registerTool(
    'change_booking',
    {
      title: 'Change a booking',
      description: "Moves a booking to another date, time, party size or zone, as the venue's change page does (refused when the new choice would need a card guarantee, be full or the booking can no longer be changed).",
      inputSchema: { reference, email, date: date.optional(), time: time.optional(), pax: pax.optional(), zone: z.string().max(40).optional(), language },
    },
    async ({ reference: ref, email: mail, language: lang = 'it', date: day, time: at, pax: people, zone }) =>
      toolResult(await changeBooking(backend, { reference: ref, email: mail, language: lang, choice: { date: day, time: at, partySize: people, zone } })),
  );

  server.registerTool(
    'cancel_booking',
    { title: 'Cancel a booking', description: "Cancels a booking; `feeCents` is what the venue's cancellation policy takes from the guarantee (0 when free).", inputSchema: { reference, email, language } },
    async ({ reference: ref, email: mail, language: lang = 'it' }) => toolResult(await cancelBooking(backend, { reference: ref, email: mail, language: lang })),
  );

  server.registerTool(
    'buy',
    {
      title: 'Gift cards and experiences to buy',
      description: "The venue's gift cards and experiences, each with the link to its checkout on the venue's site: payment is the guest's, on that page.",
      inputSchema: { language },
    },
    async ({ language: lang = 'it' }) => {
      const locale = toLocale(lang);
      const [cards, experiences] = await Promise.all([backend.giftcards.list(), backend.experiences.list()]);
      return toolResult({
        ok: true,
        giftcards: cards.status === 'ok' ? cards.data.map((g) => ({ title: pickText(g.title, locale), value: g.value, price: g.price, url: siteLink(venueKey, locale, `/frontpage/giftcard/checkout/${encodeURIComponent(g.id)}`) })) : [],
        experiences:
          experiences.status === 'ok'
            ? experiences.data.elenco.map((e) => ({ title: pickText(e.titolo, locale), price: e.prezzo, url: siteLink(venueKey, locale, `/frontpage/esperienze/${encodeURIComponent(e.hash)}/reserve`) }))
            : [],
      });
    },
  );
}

/**
 * `POST /mcp`: one JSON-RPC message (or batch) of an MCP client, answered as JSON. Stateless:
 * GET (a server-sent event stream) and DELETE (a session's end) have nothing to serve (405).
 */
export async function handleMcp(request: Request): Promise<Response> {
  const door: Door = { request, venueKey: venueKeyForHost(request.headers.get('host')), backend: backendFor(venueKeyForHost(request.headers.get('host'))), remoteIp: clientAddress(request.headers) };
  const limited = await refuseOverLimit(request, 'mcpAddress');
  if (limited) return limited;
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {} } });
  registerTools(server, door);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const response = await transport.handleRequest(request);
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', 'private, no-store');
    return new Response(response.body, { status: response.status, headers });
  } finally {
    // Stateless: nothing outlives the request (the JSON answer is complete once handleRequest resolves).
    void server.close();
  }
}
