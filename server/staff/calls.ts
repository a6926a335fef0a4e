import 'server-only';
import { isWellFormedBookingHash } from '@/lib/booking/reference';
import { z } from 'zod';
import type { StaffAnswerAction } from '@/lib/backend/staff';
import { staffAnswer, staffAutoOffers, staffDaySheet, staffGuest, staffMetrics, staffSearch } from '@/server/staff/core';
import type { CallContext, Envelope } from '@/server/backend/call';
import { STAFF_MAX_PARTY, staffChange, staffPhoneBooking, staffWalkIn, type StaffBookingOutcome } from '@/server/staff/bookings';
import { fieldErrors, isCalendarDate, isValidPhone, phoneNumber, prefix, requiredText } from '@/lib/forms/fields';
import { EMAIL } from '@/lib/forms/shapes';
import { TIME_PATTERN } from '@/lib/params';
import { toLocale } from '@/lib/i18n/locales';
import { staffTable } from '@/server/staff/tables';
import { claimFor, idempotent, type Keeper } from '@/server/backend/idempotency';
import type { Db } from '@/server/db/types';
import type { VenueContext } from '@/server/venues/context';

/**
 * The venue's side of table bookings (issue 23; docs/backend-contract.md, "The venue's
 * answers"): `staff/day` and the five answers. Venue-side calls: over HTTP they take the
 * venue's credential (server/backend/http.ts).
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d));
const answerInput = z.object({
  hash: z.string().refine(isWellFormedBookingHash),
  version: z.coerce.number().int().min(0).max(1_000_000),
  note: z.string().max(500, 'noteTooLong').optional().default(''),
});

/** `staff/day {date}` → `{date, today, timezone, shifts: [{key, name, capacity, covers, bookings}], waitingList}`: the core's sheet (server/staff/core.ts). */
export async function staffDay({ db, venue, params }: CallContext): Promise<Envelope> {
  const date = day.safeParse(params.get('date'));
  if (!date.success) return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { date: 'invalid' } };
  return staffDaySheet(db, venue, date.data);
}

const readAnswer = (params: URLSearchParams) => {
  const q = answerInput.safeParse(Object.fromEntries(params.entries()));
  if (q.success) return q;
  const field = String(q.error.issues[0]?.path[0] ?? 'hash');
  return { success: false as const, refusal: { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { [field]: q.error.issues[0]?.message === 'noteTooLong' ? 'noteTooLong' : 'invalid' } } };
};

/**
 * `staff/{action} {hash, version, note?}` → `{result: 'done', booking}`; `409 {result:
 * 'changed' | 'notAllowed', booking}` (the booking as it is now); `409 tooEarly` (with
 * `data.booking`); `404 notFound`; `400` for bad input. `staff/undo {hash, version}` (issue 41):
 * staff's last mark, arrived or no-show, taken back within 10 minutes (an undone no-show's fee
 * refunded in full, once); `409 undoExpired | feePending`. The wire read, then the core
 * (server/staff/core.ts `staffAnswer`), whose result other than `done` is a 409.
 */
const answer =
  (action: StaffAnswerAction) =>
  async ({ db, venue, params, venueKey }: CallContext): Promise<Envelope> => {
    const q = readAnswer(params);
    if (!q.success) return q.refusal;
    const outcome = await staffAnswer(db, venue, action, q.data, venueKey);
    return outcome.status ? { httpStatus: outcome.data.result === 'done' ? 200 : 409, status: true, data: outcome.data } : outcome;
  };

export const staffUndo = answer('undo');
export const staffConfirm = answer('confirm');
export const staffDecline = answer('decline');
export const staffArrived = answer('arrived');
export const staffNoShow = answer('noshow');
export const staffCancel = answer('cancel');
export const staffRefundFee = answer('refundfee');
export const staffOffer = answer('offer');
export const staffFinished = answer('finished');

/** `staff/autooffers {enabled: 1 | 0}` → `{autoOffers}`: automatic waiting-list offers on or off. */
export async function staffAutoOffersCall({ db, venue, params }: CallContext): Promise<Envelope> {
  const enabled = params.get('enabled');
  if (enabled !== '1' && enabled !== '0') return { httpStatus: 400, status: false, error: 'invalid', fieldErrors: { enabled: 'invalid' } };
  return staffAutoOffers(db, venue, enabled === '1');
}

/** `staff/metrics {month?: yyyy-mm}` → the month's offers, reminders and no-shows (server/staff/metrics.ts). */
export async function staffMetricsCall({ db, venue, params }: CallContext): Promise<Envelope> {
  return staffMetrics(db, venue, params.get('month') || undefined);
}

/**
 * `staff/search {q}` (issue 44) → `{q, bookings}`: the venue's table bookings on any day by
 * name, phone or booking code, the latest days first (server/staff/search.ts); 400 for a query
 * of fewer than 2 or more than 100 characters.
 */
export async function staffSearchCall({ db, venue, params }: CallContext): Promise<Envelope> {
  return staffSearch(db, venue, params.get('q') ?? '');
}

/*
 * Staff bookings (issue 44; server/staff/bookings.ts): the wire read into the core's typed input,
 * the core's outcome written back. Refusals: 400 `invalid` (with the field), `pastDate`,
 * `closedDay`, `timeNotOffered`, `zoneNotOffered`; 409 `full` (`fieldErrors.override`: the rule
 * the party would go past, `shiftFull` | `slotFull` | `zoneFull` | `pacingFull`; sent again with
 * `override=1` to book past it, recorded), `noShiftNow` (a walk-in with no shift open),
 * `changed` (the booking changed since `version`), `notChangeable`, `experienceFull`; 404 `notFound`.
 * Each takes an `idempotencyKey` (one per submit of the sheet's forms), as `reservation/create`
 * does: a retry with the key answers the first booking or change and makes nothing more; the key
 * with other input is refused 409 `idempotencyKeyReused` (server/backend/idempotency.ts).
 */
const flag = z.enum(['1', '0', 'true', 'false']).optional().transform((v) => v === '1' || v === 'true');
const pax = z.coerce.number({ error: 'invalid' }).int('invalid').min(1, 'invalid').max(STAFF_MAX_PARTY, 'invalid');
const optionalText = (max: number) => z.string().trim().max(max, 'tooLong').optional().default('');
const guestFields = {
  nome: optionalText(80),
  cognome: optionalText(80),
  prefisso: z.string().trim().regex(/^(\+\d{1,4})?$/, 'prefixRequired').optional().default(''),
  telefono: optionalText(20),
  email: z.string().trim().max(254, 'emailInvalid').refine((v) => v === '' || EMAIL.test(v), 'emailInvalid').optional().default(''),
  note: optionalText(500),
  marketing: flag,
  language: z.string().optional(),
  override: flag,
};
const checkStaffPhone = (v: { prefisso: string; telefono: string }, ctx: z.RefinementCtx) => {
  if (v.telefono && !isValidPhone(v.prefisso || '+39', v.telefono)) ctx.addIssue({ code: 'custom', path: ['telefono'], message: 'phoneInvalid' });
};
const walkInWire = z.object({ pax, zone: z.string().max(40).optional(), ...guestFields }).superRefine(checkStaffPhone);
const phoneWire = z
  .object({
    date: z.string().refine(isCalendarDate, 'dateInvalid'),
    time: z.string().regex(TIME_PATTERN, 'invalid'),
    pax,
    zone: z.string().min(1, 'invalid').max(40),
    ...guestFields,
    nome: requiredText('nameRequired'),
    prefisso: prefix,
    telefono: phoneNumber,
  })
  .superRefine(checkStaffPhone);
const changeWire = z.object({
  hash: z.string().refine(isWellFormedBookingHash, 'invalid'),
  version: z.coerce.number({ error: 'invalid' }).int('invalid').min(0, 'invalid').max(1_000_000, 'invalid'),
  date: z.string().refine(isCalendarDate, 'dateInvalid').optional(),
  time: z.string().regex(TIME_PATTERN, 'invalid').optional(),
  pax: pax.optional(),
  zone: z.string().min(1).max(40).optional(),
  override: flag,
});

/** A form's fields without the empty ones, as the rules read them. */
const nonEmpty = (fields: Record<string, string>) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== ''));
const invalid = (error: z.ZodError): Envelope => ({ httpStatus: 400, status: false, error: 'invalid', fieldErrors: fieldErrors(error) });
const asEnvelope = (outcome: StaffBookingOutcome): Envelope => (outcome.status ? { status: true, data: outcome.data } : { httpStatus: outcome.httpStatus, status: false, error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} });
/** Runs a staff booking under its idempotency key (over the form's fingerprint): the key kept with the answer in the core's transaction. */
const keyed = (db: Db, venue: VenueContext, call: StaffBookingCall, key: string | null, form: Record<string, string>, run: (keep: Keeper['keep']) => Promise<StaffBookingOutcome>) =>
  idempotent(db, claimFor(venue.id, call, key, form), async (keeper) => asEnvelope(await run(keeper.keep)));
const guestOf = (q: z.output<typeof walkInWire>) => ({
  firstName: q.nome,
  lastName: q.cognome,
  phonePrefix: q.telefono ? q.prefisso || '+39' : '',
  phone: q.telefono,
  email: q.email,
  notes: q.note,
  locale: toLocale(q.language ?? null),
  marketing: q.marketing,
});

export type StaffBookingCall = 'staff/walkin' | 'staff/phonebooking' | 'staff/change';

/**
 * A staff booking from its form's fields (as the contract names them), for both doors: the
 * contract's adapter (the wire's fields, its key from the wire) and the built-in staff door
 * (server/backend/builtin-staff.ts, the sheet's fields): the form's rule, the idempotency key
 * claimed over the same fingerprint, then the core (server/staff/bookings.ts).
 */
export async function staffBookingFrom(db: Db, venue: VenueContext, call: StaffBookingCall, fields: Record<string, string>, key: string | null): Promise<Envelope> {
  const form = nonEmpty(fields);
  if (call === 'staff/walkin') {
    const q = walkInWire.safeParse(form);
    if (!q.success) return invalid(q.error);
    return keyed(db, venue, call, key, form, (keep) => staffWalkIn(db, venue, { pax: q.data.pax, zone: q.data.zone, guest: guestOf(q.data), override: q.data.override }, undefined, keep));
  }
  if (call === 'staff/phonebooking') {
    const q = phoneWire.safeParse(form);
    if (!q.success) return invalid(q.error);
    return keyed(db, venue, call, key, form, (keep) => staffPhoneBooking(db, venue, { date: q.data.date, time: q.data.time, pax: q.data.pax, zone: q.data.zone, guest: guestOf(q.data), override: q.data.override }, undefined, keep));
  }
  const q = changeWire.safeParse(form);
  if (!q.success) return invalid(q.error);
  const { override, ...change } = q.data;
  return keyed(db, venue, call, key, form, (keep) => staffChange(db, venue, { ...change, override }, undefined, keep));
}

const fromWire = (ctx: CallContext, call: StaffBookingCall) => staffBookingFrom(ctx.db, ctx.venue, call, Object.fromEntries([...ctx.params.entries()].filter(([, v]) => v !== '')), ctx.params.get('idempotencyKey'));

/** `staff/walkin {pax, zone?, idempotencyKey?, nome?, cognome?, prefisso?, telefono?, email?, note?, override?}` → `{result: 'booked', booking, override}`. */
export const staffWalkInCall = (ctx: CallContext) => fromWire(ctx, 'staff/walkin');

/** `staff/phonebooking {date, time, idempotencyKey?, pax, zone, nome, cognome?, prefisso, telefono, email?, note?, marketing?, language?, override?}` → `{result: 'booked', booking, override}`. */
export const staffPhoneBookingCall = (ctx: CallContext) => fromWire(ctx, 'staff/phonebooking');

/** `staff/change {hash, version, idempotencyKey?, date?, time?, pax?, zone?, override?}` → `{result: 'changed', booking, override}`. */
export const staffChangeCall = (ctx: CallContext) => fromWire(ctx, 'staff/change');

/**
 * `staff/guest {hash, notes?, tags?}` (issue 44; server/guests/profiles.ts) → `{profile}`: the
 * notes and the tags (comma-separated: "VIP, Allergia noci, Seggiolone") of the guest of a
 * booking, kept on their profile at the venue. 400 `notes: tooLong` (over 1,000 characters),
 * `tags: invalid` (more than 12, or one over 30 characters); 404 `notFound`; 409 `noIdentity`
 * (a walk-in who gave neither an e-mail nor a phone).
 */
export async function staffGuestCall({ db, venue, params }: CallContext): Promise<Envelope> {
  const tags = (params.get('tags') ?? '').slice(0, 5_000).split(',');
  const outcome = await staffGuest(db, venue, { hash: params.get('hash') ?? '', notes: params.get('notes') ?? '', tags });
  return outcome.status ? { status: true, data: outcome.data } : { httpStatus: outcome.httpStatus, status: false, error: outcome.error, fieldErrors: outcome.fieldErrors ?? {} };
}

/**
 * `staff/table {hash, tables, override?}` (issue 44; server/staff/tables.ts) → `{result: 'changed',
 * booking, override}`: the booking moved by hand to a table, or to tables pushed together (their
 * names, comma-separated: "4,5"), of its zone; empty: no table. 409 `full` (`fieldErrors.override`:
 * `tableTaken`, `tableTooSmall`; sent again with `override=1` to seat it there, recorded),
 * `notChangeable`; 400 `invalid` (`tables`: `unknownTable`, `tableOtherZone`); 404 `notFound`.
 */
const tableWire = z.object({
  hash: z.string().refine(isWellFormedBookingHash, 'invalid'),
  tables: z
    .string()
    .max(400, 'invalid')
    .optional()
    .default('')
    .transform((v) => v.split(',').map((n) => n.trim()).filter(Boolean))
    .refine((names) => names.length <= 8, 'invalid'),
  override: flag,
});
/** A booking moved to tables from the form's fields (`hash`, `tables` comma-separated, `override`), for both doors. */
export async function staffTableFrom(db: Db, venue: VenueContext, fields: Record<string, string>): Promise<Envelope> {
  const q = tableWire.safeParse(fields);
  if (!q.success) return invalid(q.error);
  return asEnvelope(await staffTable(db, venue, q.data));
}
export const staffTableCall = ({ db, venue, params }: CallContext) => staffTableFrom(db, venue, Object.fromEntries(params.entries()));
