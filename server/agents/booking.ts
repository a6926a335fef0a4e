import 'server-only';
import type { ActionResult } from '@/lib/backend/client';
import { UNAVAILABLE } from '@/lib/backend/client';
import type { Backend } from '@/server/backend';
import type { BookedTable } from '@/lib/backend/tables';
import type { BookingSource } from '@/lib/booking/source';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';
import { siteOrigin } from '@/lib/venue/origin';
import { RATE_LIMITED } from '@/server/limits';
import { catalogue, refusalText } from './texts';

/**
 * One booking through another door than the site's pages (issue 46): an assistant (MCP) or a
 * channel. Every step is the site's own backend call through its typed door (`tables`, issue 42:
 * typed input, the party as `partySize`), with the site's validation, refusals, limits, SMS code
 * and guarantees; only the words and the links are made here. A card
 * guarantee is never skipped: the guest is sent to the site's own booking page to give it.
 */

/** What a door answers: the result, or the site's refusal with its translated message. */
export type Refusal = { ok: false; error: string; message: string; fields?: Record<string, { error: string; message: string }>; retryAfter?: number };
export type Done<T> = { ok: true } & T;
export type Answer<T> = Done<T> | Refusal;

/** The site form's field names, as the doors name them (a refusal names the door's field). */
const FIELD_NAMES: Record<string, string> = { nome: 'firstName', cognome: 'lastName', prefisso: 'phonePrefix', telefono: 'phone', note: 'notes', motivo: 'visitReason', privacy: 'privacyAccepted', marketing: 'marketingEmail', marketingSms: 'marketingSms', hash: 'reference' };

/** The site's refusal of a backend call, in the language asked. */
export function refusalOf(result: Extract<ActionResult, { status: false }>, language: string): Refusal {
  const fields = Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([field, key]) => [FIELD_NAMES[field] ?? field, { error: key, message: refusalText(key, language) }]));
  const error = result.error === 'generic' ? UNAVAILABLE : result.error;
  const message = Object.keys(fields).length === 1 && error === 'invalid' ? Object.values(fields)[0].message : refusalText(error, language);
  return { ok: false, error, message, ...(Object.keys(fields).length ? { fields } : {}), ...(error === RATE_LIMITED && result.retryAfter ? { retryAfter: result.retryAfter } : {}) };
}

export const refusal = (error: string, language: string, values: Record<string, string | number> = {}): Refusal => ({ ok: false, error, message: refusalText(error, language, values) });

/**
 * A text with U+0000 (which PostgreSQL text cannot hold) is bad input, refused before any query,
 * as the contract's adapter refuses it (server/backend/dispatch.ts): the door's field named.
 */
export function withNul(values: Record<string, unknown>, language: string): Refusal | null {
  const field = Object.keys(values).find((key) => typeof values[key] === 'string' && (values[key] as string).includes('\u0000'));
  return field ? refusalOf({ status: false, error: 'invalid', fieldErrors: { [field]: 'invalid' } }, language) : null;
}

/** An absolute link to a page of the venue's site, in the guest's language (the one origin rule, lib/venue/origin.ts). */
export function siteLink(venueKey: string, language: string, path: string, query: Record<string, string | number> = {}): string {
  const url = new URL(localizedPath(toLocale(language), path), siteOrigin(venueKey));
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
  return url.href;
}

export type Guest = {
  firstName: string;
  lastName: string;
  email: string;
  phonePrefix: string;
  phone: string;
  notes?: string;
  visitReason?: string;
  /** The privacy policy's text was shown to the guest, who accepted it (the booking is refused without). */
  privacyAccepted: boolean;
  marketingEmail?: boolean;
  marketingSms?: boolean;
};
/** A table choice as a door asks it (the party as `partySize`; the channel's and the assistant's `pax` stay at their edge). */
export type TableChoice = { date: string; time: string; partySize: number; zone?: string };

/** What a booking asked through a door ends in. */
export type BookingResult =
  | { status: 'confirmed' | 'awaitingVenue' | 'waitingList'; reference: string; message: string }
  | { status: 'smsCode'; reference: string; message: string; phoneEnding: string; expiresAt: string }
  | { status: 'cardGuarantee'; message: string; url: string };

const OUTCOMES = { confirm: 'confirmed', accept: 'awaitingVenue', waitinglist: 'waitingList' } as const;

function outcomeMessage(outcome: 'confirm' | 'accept' | 'waitinglist', language: string) {
  const o = catalogue(language).reserve.outcome;
  return outcome === 'confirm' ? `${o.confirmTitle}. ${o.confirmText}` : outcome === 'accept' ? `${o.acceptTitle}. ${o.acceptText}` : `${o.waitinglistTitle}. ${o.waitinglistText}`;
}

/** The zone of a choice that names none: the first one of that time with room for the party (the site's wizard asks the guest; a door takes the first). */
async function zoneFor(backend: Backend, choice: TableChoice): Promise<string> {
  if (choice.zone) return choice.zone;
  const day = await backend.tables.day({ date: choice.date, partySize: choice.partySize });
  const slot = day.status ? day.data.slots.find((s) => s.time === choice.time) : undefined;
  const found = (slot?.zones.find((z) => z.available) ?? slot?.zones[0])?.key;
  if (found) return found;
  // No such time that day (closed, past, full): any of the venue's zones, so that the booking call refuses with the real reason.
  const location = await backend.venue.location();
  return location.status === 'ok' ? (location.data.booking.zones[0]?.key ?? '') : '';
}

/**
 * Books a table as the site's form does (`reservation/create`), tagged with its source: the
 * outcome, the SMS step (the code goes to the guest's phone; `verifyCode` takes it), or the
 * card guarantee, as a link to the site's booking page with the choice filled in.
 */
export async function bookTable(
  backend: Backend,
  input: { venueKey: string; choice: TableChoice; guest: Guest; language: string; source: BookingSource; remoteIp: string; idempotencyKey?: string },
): Promise<Answer<BookingResult>> {
  const { choice, guest, language } = input;
  const zone = await zoneFor(backend, choice);
  // The booking form's values, as the form's rule names them (lib/forms/reservation.ts), with the submit's idempotency key.
  const values = {
    pax: choice.partySize,
    date: choice.date,
    time: choice.time,
    zone,
    nome: guest.firstName,
    cognome: guest.lastName,
    email: guest.email,
    prefisso: guest.phonePrefix,
    telefono: guest.phone,
    note: guest.notes ?? '',
    motivo: guest.visitReason || undefined,
    privacy: guest.privacyAccepted,
    marketing: Boolean(guest.marketingEmail),
    marketingSms: Boolean(guest.marketingSms),
    idempotencyKey: input.idempotencyKey || undefined,
  };
  const bad = withNul(values, language);
  if (bad) return bad;
  const made = await backend.tables.create(values, { locale: toLocale(language), partner: false, clientAddress: input.remoteIp, source: input.source });
  if (!made.status) {
    // The guarantee is the guest's to give, on the site's own page: never skipped, never taken here.
    if (made.error === 'guaranteeRequired') {
      const url = siteLink(input.venueKey, language, '/reserve', { pax: choice.partySize, date: choice.date, time: choice.time });
      return { ok: true, status: 'cardGuarantee', url, message: `${catalogue(language).agents.guarantee.replace('{url}', url)}` };
    }
    if (made.error === 'soldOut') return refusal('soldOut', language);
    return refusalOf(made, language);
  }
  const { outcome, hash } = made.data;
  if (outcome === 'suspended') {
    const code = await backend.tables.codeStatus(hash);
    const ending = code.status ? code.data.phoneEnding : '';
    return { ok: true, status: 'smsCode', reference: hash, phoneEnding: ending, expiresAt: (code.status ? code.data.expiresAt : null) ?? '', message: catalogue(language).reserve.sms.intro.replace('{ending}', ending) };
  }
  return { ok: true, status: OUTCOMES[outcome], reference: hash, message: outcomeMessage(outcome, language) };
}

/** The SMS code of a booking awaiting it (`reservation/verifycode`): confirmed, awaiting the venue, or refused (wrong, expired). */
export async function verifyCode(backend: Backend, input: { reference: string; code: string; language: string; remoteIp: string }): Promise<Answer<{ status: 'confirmed' | 'awaitingVenue'; reference: string; message: string }>> {
  const { language } = input;
  const bad = withNul({ hash: input.reference, code: input.code }, language);
  if (bad) return bad;
  const result = await backend.tables.verifyCode({ hash: input.reference, code: input.code, clientAddress: input.remoteIp });
  if (!result.status) return refusalOf(result, language);
  const data = result.data;
  if (data.outcome === 'codeWrong') return { ...refusal('codeWrong', language), message: refusalText('wrong', language, { count: data.attemptsLeft }) };
  if (data.outcome === 'suspendedError') return { ok: false, error: 'suspendedError', message: catalogue(language).reserve.outcome.suspendedErrorText };
  return { ok: true, status: OUTCOMES[data.outcome], reference: input.reference, message: outcomeMessage(data.outcome, language) };
}

/** A booking by its reference and the guest's e-mail: one that does not match reads as not found (no one learns whose it is). */
export async function findBooking(backend: Backend, input: { reference: string; email: string; language: string }): Promise<Refusal | { ok: true; booking: BookedTable }> {
  const bad = withNul({ hash: input.reference }, input.language);
  if (bad) return bad;
  const view = await backend.tables.booking(input.reference);
  if (!view.status) return view.error === 'notFound' ? refusal('notFound', input.language) : refusalOf(view, input.language);
  if (view.data.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) return refusal('notFound', input.language);
  return { ok: true as const, booking: view.data };
}

/** The booking as a door shows it: no guest data beyond what the caller already gave. */
export function bookingSummary(b: BookedTable) {
  return {
    reference: b.hash,
    status: b.status,
    date: b.date,
    time: b.time,
    pax: b.partySize,
    zone: b.zone,
    changeable: b.changeable,
    cancellation: { free: b.cancellation.free, feeCents: b.cancellation.feeCents, deadline: b.cancellation.deadline },
  };
}

/** Moves a booking (`reservation/edit`), checked as the site's change page checks it; the guest's details stay as booked. */
export async function changeBooking(backend: Backend, input: { reference: string; email: string; language: string; choice: Partial<TableChoice> }): Promise<Answer<{ status: 'changed'; booking: ReturnType<typeof bookingSummary>; message: string }>> {
  const found = await findBooking(backend, input);
  if (!found.ok) return found;
  const b = found.booking;
  const choice = { date: input.choice.date ?? b.date, time: input.choice.time ?? b.time, partySize: input.choice.partySize ?? b.partySize, zone: input.choice.zone };
  const bad = withNul(choice, input.language);
  if (bad) return bad;
  const zone = choice.zone ?? (choice.date === b.date && choice.time === b.time && choice.partySize === b.partySize ? b.zone : await zoneFor(backend, { ...choice, zone: undefined }));
  // The booking form's values (lib/forms/reservation.ts): the new choice, the guest's details as booked.
  const edited = await backend.tables.edit(b.hash, {
    pax: choice.partySize,
    date: choice.date,
    time: choice.time,
    zone: zone || b.zone,
    reservemodule: b.reservemodule || undefined,
    nome: b.nome,
    cognome: b.cognome,
    email: b.email,
    prefisso: b.prefisso,
    telefono: b.telefono,
    note: b.note,
    motivo: b.motivo || undefined,
    privacy: true,
    marketing: Boolean(b.marketing),
  });
  if (!edited.status) return refusalOf(edited, input.language);
  const after = await findBooking(backend, input);
  const c = catalogue(input.language).reserve.edit;
  return { ok: true, status: 'changed', booking: bookingSummary(after.ok ? after.booking : { ...b, ...choice, zone }), message: c.confirmTitle };
}

/** Cancels a booking (`reservation/cancel`), with the fee the venue's policy takes, as the site's cancel page does. */
export async function cancelBooking(backend: Backend, input: { reference: string; email: string; language: string }): Promise<Answer<{ status: 'cancelled'; reference: string; feeCents: number; message: string }>> {
  const found = await findBooking(backend, input);
  if (!found.ok) return found;
  const cancelled = await backend.tables.cancel(found.booking.hash);
  if (!cancelled.status) return refusalOf(cancelled, input.language);
  return { ok: true, status: 'cancelled', reference: found.booking.hash, feeCents: cancelled.data.feeCents, message: catalogue(input.language).reserve.edit.cancelled };
}
