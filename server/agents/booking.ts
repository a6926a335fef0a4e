import 'server-only';
import type { BackendClient, ActionResult } from '@/lib/backend/client';
import { UNAVAILABLE } from '@/lib/backend/client';
import type { BookingSource } from '@/lib/booking/source';
import { localizedPath } from '@/lib/i18n/paths';
import { toLocale } from '@/lib/i18n/locales';
import { siteOrigin } from '@/lib/venue/origin';
import { RATE_LIMITED } from '@/server/limits';
import { catalogue, refusalText } from './texts';

/**
 * One booking through another door than the site's pages (issue 46): an assistant (MCP) or a
 * channel. Every step is the site's own backend call, with the site's validation, refusals,
 * limits, SMS code and guarantees; only the words and the links are made here. A card
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
export type TableChoice = { date: string; time: string; pax: number; zone?: string };

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
async function zoneFor(backend: BackendClient, choice: TableChoice): Promise<string> {
  if (choice.zone) return choice.zone;
  const day = await backend.reservation('getday', { day: choice.date, pax: String(choice.pax) });
  const slot = day.status ? day.data.slots.find((s) => s.time === choice.time) : undefined;
  const found = (slot?.zones.find((z) => z.available) ?? slot?.zones[0])?.key;
  if (found) return found;
  // No such time that day (closed, past, full): any of the venue's zones, so that the booking call refuses with the real reason.
  const location = await backend.getLocation();
  return location.status === 'ok' ? (location.data.booking.zones[0]?.key ?? '') : '';
}

/**
 * Books a table as the site's form does (`reservation/create`), tagged with its source: the
 * outcome, the SMS step (the code goes to the guest's phone; `verifyCode` takes it), or the
 * card guarantee, as a link to the site's booking page with the choice filled in.
 */
export async function bookTable(
  backend: BackendClient,
  input: { venueKey: string; choice: TableChoice; guest: Guest; language: string; source: BookingSource; remoteIp: string; idempotencyKey?: string },
): Promise<Answer<BookingResult>> {
  const { choice, guest, language } = input;
  const zone = await zoneFor(backend, choice);
  const form: Record<string, string> = {
    pax: String(choice.pax),
    date: choice.date,
    time: choice.time,
    zone,
    nome: guest.firstName,
    cognome: guest.lastName,
    email: guest.email,
    prefisso: guest.phonePrefix,
    telefono: guest.phone,
    note: guest.notes ?? '',
    ...(guest.visitReason ? { motivo: guest.visitReason } : {}),
    privacy: guest.privacyAccepted ? '1' : '0',
    marketing: guest.marketingEmail ? '1' : '0',
    marketingSms: guest.marketingSms ? '1' : '0',
    language: toLocale(language),
    partner: '0',
    remoteIp: input.remoteIp,
    source: input.source,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  };
  const made = await backend.reservation('create', form);
  if (!made.status) {
    // The guarantee is the guest's to give, on the site's own page: never skipped, never taken here.
    if (made.error === 'guaranteeRequired') {
      const url = siteLink(input.venueKey, language, '/reserve', { pax: choice.pax, date: choice.date, time: choice.time });
      return { ok: true, status: 'cardGuarantee', url, message: `${catalogue(language).agents.guarantee.replace('{url}', url)}` };
    }
    if (made.error === 'soldOut') return refusal('soldOut', language);
    return refusalOf(made, language);
  }
  const { outcome, hash } = made.data;
  if (outcome === 'suspended') {
    const code = await backend.reservation('codestatus', { hash });
    const ending = code.status ? code.data.phoneEnding : '';
    return { ok: true, status: 'smsCode', reference: hash, phoneEnding: ending, expiresAt: (code.status ? code.data.expiresAt : null) ?? '', message: catalogue(language).reserve.sms.intro.replace('{ending}', ending) };
  }
  return { ok: true, status: OUTCOMES[outcome], reference: hash, message: outcomeMessage(outcome, language) };
}

/** The SMS code of a booking awaiting it (`reservation/verifycode`): confirmed, awaiting the venue, or refused (wrong, expired). */
export async function verifyCode(backend: BackendClient, input: { reference: string; code: string; language: string; remoteIp: string }): Promise<Answer<{ status: 'confirmed' | 'awaitingVenue'; reference: string; message: string }>> {
  const { language } = input;
  const result = await backend.reservation('verifycode', { hash: input.reference, code: input.code, remoteIp: input.remoteIp });
  if (!result.status) return refusalOf(result, language);
  const data = result.data;
  if (data.outcome === 'codeWrong') return { ...refusal('codeWrong', language), message: refusalText('wrong', language, { count: data.attemptsLeft }) };
  if (data.outcome === 'suspendedError') return { ok: false, error: 'suspendedError', message: catalogue(language).reserve.outcome.suspendedErrorText };
  return { ok: true, status: OUTCOMES[data.outcome], reference: input.reference, message: outcomeMessage(data.outcome, language) };
}

/** A booking by its reference and the guest's e-mail: one that does not match reads as not found (no one learns whose it is). */
export async function findBooking(backend: BackendClient, input: { reference: string; email: string; language: string }) {
  const view = await backend.reservation('get', { hash: input.reference });
  if (!view.status) return view.error === 'notFound' ? refusal('notFound', input.language) : refusalOf(view, input.language);
  if (view.data.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) return refusal('notFound', input.language);
  return { ok: true as const, booking: view.data };
}

/** The booking as a door shows it: no guest data beyond what the caller already gave. */
export function bookingSummary(b: Extract<Awaited<ReturnType<typeof findBooking>>, { ok: true }>['booking']) {
  return {
    reference: b.hash,
    status: b.status,
    date: b.date,
    time: b.time,
    pax: b.pax,
    zone: b.zone,
    changeable: b.changeable,
    cancellation: { free: b.cancellation.free, feeCents: b.cancellation.feeCents, deadline: b.cancellation.deadline },
  };
}

/** Moves a booking (`reservation/edit`), checked as the site's change page checks it; the guest's details stay as booked. */
export async function changeBooking(backend: BackendClient, input: { reference: string; email: string; language: string; choice: Partial<TableChoice> }): Promise<Answer<{ status: 'changed'; booking: ReturnType<typeof bookingSummary>; message: string }>> {
  const found = await findBooking(backend, input);
  if (!found.ok) return found;
  const b = found.booking;
  const choice = { date: input.choice.date ?? b.date, time: input.choice.time ?? b.time, pax: input.choice.pax ?? b.pax, zone: input.choice.zone };
  const zone = choice.zone ?? (choice.date === b.date && choice.time === b.time && choice.pax === b.pax ? b.zone : await zoneFor(backend, { ...choice, zone: undefined }));
  const edited = await backend.reservation('edit', {
    hash: b.hash,
    pax: String(choice.pax),
    date: choice.date,
    time: choice.time,
    zone: zone || b.zone,
    ...(b.reservemodule ? { reservemodule: b.reservemodule } : {}),
    nome: b.nome,
    cognome: b.cognome,
    email: b.email,
    prefisso: b.prefisso,
    telefono: b.telefono,
    note: b.note,
    ...(b.motivo ? { motivo: b.motivo } : {}),
    privacy: '1',
    marketing: b.marketing ? '1' : '0',
  });
  if (!edited.status) return refusalOf(edited, input.language);
  const after = await findBooking(backend, input);
  const c = catalogue(input.language).reserve.edit;
  return { ok: true, status: 'changed', booking: bookingSummary(after.ok ? after.booking : { ...b, ...choice, zone }), message: c.confirmTitle };
}

/** Cancels a booking (`reservation/cancel`), with the fee the venue's policy takes, as the site's cancel page does. */
export async function cancelBooking(backend: BackendClient, input: { reference: string; email: string; language: string }): Promise<Answer<{ status: 'cancelled'; reference: string; feeCents: number; message: string }>> {
  const found = await findBooking(backend, input);
  if (!found.ok) return found;
  const cancelled = await backend.reservation('cancel', { hash: found.booking.hash });
  if (!cancelled.status) return refusalOf(cancelled, input.language);
  return { ok: true, status: 'cancelled', reference: found.booking.hash, feeCents: cancelled.data.feeCents, message: catalogue(input.language).reserve.edit.cancelled };
}
