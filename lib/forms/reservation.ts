import { z } from 'zod';
import { withNationalPhone } from '@/lib/identity';
import { parsePax, TIME_PATTERN } from '@/lib/params';
import { birthDay, birthMonth, calendarDate, checkPhone, contactShape, daysInMonth, optionalConsent, queryInt, requiredConsent } from './fields';

const isoDate = calendarDate('dateInvalid');
const time = z.string({ error: 'timeInvalid' }).regex(TIME_PATTERN, 'timeInvalid');
const pax = z.union([z.number(), z.string()], { error: 'paxInvalid' }).transform((v) => parsePax(v) ?? NaN).refine((n) => !Number.isNaN(n), 'paxInvalid');
const optionalKey = z.string().trim().max(60).regex(/^[a-z0-9-]*$/, 'invalid').optional().transform((v) => v || undefined);

/** The calendar's questions (a month, a day) for a party size, as the wizard asks them in a query string. */
export const monthQuerySchema = z.object({ year: queryInt(2000, 2100), month: queryInt(1, 12), pax });
export const dayQuerySchema = z.object({ day: isoDate, pax });

/** What a calendar query may add: the booking module (`reservemodule`) and the hash of a booking being moved (its seats do not count). */
const calendarExtras = { reservemodule: z.string().optional(), hash: z.string().max(64).optional() };
/** A month of the table calendar as a query writes it, read into the table door's typed query (lib/backend/tables.ts). */
export const calendarMonthSchema = monthQuerySchema.extend(calendarExtras).transform((q) => ({ year: q.year, month: q.month, partySize: q.pax, module: q.reservemodule || undefined, editing: q.hash || undefined }));
/** A day of the table calendar as a query writes it, read into the table door's typed query. */
export const calendarDaySchema = dayQuerySchema.extend(calendarExtras).transform((q) => ({ date: q.day, partySize: q.pax, module: q.reservemodule || undefined, editing: q.hash || undefined }));

/** The booking's choice: party size, date, time, zone, module. Field names are the contract's. */
export const reservationChoiceSchema = z.object({
  pax,
  date: isoDate,
  time,
  zone: z.string({ error: 'zoneRequired' }).min(1, 'zoneRequired').max(60, 'zoneRequired'),
  reservemodule: optionalKey,
});

/** A choice as the table door takes it (lib/backend/tables.ts): the party as `partySize`, the module as `module`. */
export const tableChoiceSchema = reservationChoiceSchema.transform(({ pax, reservemodule, ...rest }) => ({ ...rest, partySize: pax, module: reservemodule }));

/** The card guarantee's question: a choice, the guest's e-mail (for the provider) and the hold it follows. */
export const guaranteeChoiceSchema = reservationChoiceSchema
  .extend({ email: z.string().max(200).optional(), holdToken: z.string().max(64).optional() })
  .transform(({ pax, reservemodule, ...rest }) => ({ ...rest, partySize: pax, module: reservemodule }));

/** The local test provider's card form: the setup's reference and secret, and the card number typed. */
export const localCardSchema = z.object({ reference: z.string().max(100), clientSecret: z.string().max(200), cardNumber: z.string().max(40) });

/** The guest's part of a booking: personal data and consents (visit reason, birthday, notes optional). */
export const detailsShape = {
  ...contactShape,
  motivo: optionalKey,
  compleannoGiorno: z.union([z.literal(''), birthDay]).optional(),
  compleannoMese: z.union([z.literal(''), birthMonth]).optional(),
  note: z.string().trim().max(500, 'tooLong').optional().default(''),
  privacy: requiredConsent('privacyRequired'),
  marketing: optionalConsent,
  marketingSms: optionalConsent,
};

type DetailsValues = { prefisso: string; telefono: string; compleannoGiorno?: number | ''; compleannoMese?: number | '' };
export function checkDetails(v: DetailsValues, ctx: z.RefinementCtx) {
  checkPhone(v, ctx);
  const day = typeof v.compleannoGiorno === 'number' ? v.compleannoGiorno : null;
  const month = typeof v.compleannoMese === 'number' ? v.compleannoMese : null;
  if ((day === null) !== (month === null)) {
    ctx.addIssue({ code: 'custom', path: [day === null ? 'compleannoGiorno' : 'compleannoMese'], message: day === null ? 'birthDayRequired' : 'birthMonthRequired' });
  }
  if (day !== null && month !== null && day > daysInMonth(month)) ctx.addIssue({ code: 'custom', path: ['compleannoGiorno'], message: 'birthDayRequired' });
}

/** The personal-data step of the wizard, on its own. */
export const reservationDetailsSchema = z.object(detailsShape).superRefine(checkDetails).transform(withNationalPhone);
export type ReservationDetailsInput = z.input<typeof reservationDetailsSchema>;
export type ReservationDetails = z.output<typeof reservationDetailsSchema>;

/**
 * A table reservation (spec sections 2 and 3): the choice, the guest's data and consents.
 * Privacy is required, marketing is not.
 */
const checkbox = z.union([z.boolean(), z.string()]).optional().transform((v) => v === true || v === '1' || v === 'true');

export const reservationSchema = reservationChoiceSchema
  .extend({
    holdToken: z.string().max(64).optional(),
    /** The saved card's setup reference, when the venue asks for a guarantee. */
    guaranteeReference: z.string().max(100).regex(/^[A-Za-z0-9_]+$/, 'paymentNotFound').optional(),
    /** "I accept the cancellation policy", required with a guarantee (checked by the server, which knows when one applies). */
    cancellationPolicy: checkbox,
    /** The hash of an experience added to the booking (spec section 1), paid at the venue. */
    experience: z.string().max(64).regex(/^[A-Za-z0-9_-]*$/, 'invalid').optional().transform((v) => v || undefined),
    ...detailsShape,
  })
  .superRefine(checkDetails)
  .transform(withNationalPhone);

export type ReservationInput = z.input<typeof reservationSchema>;
export type ReservationData = z.output<typeof reservationSchema>;

/** Outcomes of a booking (spec section 4); `soldOut` stores nothing, `suspended` awaits the SMS code. */
export type ReservationOutcome = 'confirm' | 'accept' | 'waitinglist' | 'suspended' | 'soldOut';

/** The guarantee step: "I accept the cancellation policy" must be ticked. */
export const guaranteeStepSchema = z.object({ cancellationPolicy: z.literal(true, { error: 'cancellationPolicyRequired' }) });

/** The SMS code: six digits. */
export const smsCodeSchema = z.object({ code: z.string({ error: 'codeInvalid' }).trim().regex(/^\d{6}$/, 'codeInvalid') });

/** The SMS code step's answer (`hash`, `code`): six digits, or null (a 400 `codeInvalid`). */
export function smsCodeOf(values: Record<string, unknown>): { hash: string; code: string } | null {
  const q = z.object({ hash: z.string().max(64), code: z.string().max(20) }).safeParse(values);
  if (!q.success || !/^\d{6}$/.test(q.data.code.trim())) return null;
  return { hash: q.data.hash, code: q.data.code.trim() };
}
