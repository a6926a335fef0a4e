import { z } from 'zod';
import { isValidPhoneNumber } from 'libphonenumber-js/min';
import { isCalendarDate, parseNumericId } from '@/lib/params';
import { EMAIL, hasPhoneDigits, phoneDigits } from './shapes';

/**
 * Field rules shared by every form, on the client (react-hook-form resolver) and the
 * server. Messages are keys under `forms.errors` in messages/*.json, never text.
 */

export const requiredText = (key: string, max = 80) => z.string({ error: key }).trim().min(1, key).max(max, 'tooLong');

export const email = (requiredKey = 'emailRequired', invalidKey = 'emailInvalid') =>
  z.string({ error: requiredKey }).trim().min(1, requiredKey).max(254, invalidKey).refine((v) => EMAIL.test(v), invalidKey);

export const prefix = z
  .string({ error: 'prefixRequired' })
  .trim()
  .min(1, 'prefixRequired')
  .refine((v) => /^\+\d{1,4}$/.test(v), 'prefixRequired');

export const phoneNumber = z.string({ error: 'phoneRequired' }).trim().min(1, 'phoneRequired').max(20, 'phoneInvalid');

/** The number is valid for its prefix (libphonenumber-js metadata). */
export function isValidPhone(prefisso: string, telefono: string): boolean {
  return hasPhoneDigits(telefono) && isValidPhoneNumber(`${prefisso}${phoneDigits(telefono)}`);
}

const intIn = (min: number, max: number, key: string) =>
  z
    .union([z.string(), z.number()], { error: key })
    .transform((v) => (typeof v === 'number' ? v : /^\d{1,2}$/.test(v.trim()) ? Number(v) : NaN))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, key);

export const birthDay = intIn(1, 31, 'birthDayRequired');
export const birthMonth = intIn(1, 12, 'birthMonthRequired');

export { isCalendarDate } from '@/lib/params';

/** A date field (`YYYY-MM-DD`, a real day); any problem is the one message key. */
export const calendarDate = (key = 'dateInvalid') => z.string({ error: key }).refine(isCalendarDate, key);

/** A whole number read from a query string (plain digits: not `1e3`, `0x10` or `2.0`), within bounds; any problem is the one message key. */
export const queryInt = (min: number, max: number, key = 'invalid') =>
  z
    .union([z.number(), z.string()], { error: key })
    .transform((v) => (typeof v === 'number' ? v : /^\d{1,9}$/.test(v) ? Number(v) : NaN))
    .refine((n) => Number.isInteger(n) && n >= min && n <= max, key);

/** A numeric id (lib/params.ts parseNumericId); any problem is the one message key. */
export const numericId = (key = 'invalid') =>
  z
    .union([z.number(), z.string()], { error: key })
    .transform((v) => parseNumericId(v) ?? NaN)
    .refine((n) => !Number.isNaN(n), key);

/** Days in a month of a leap year: 29 February is a valid birthday. */
export const daysInMonth = (month: number) => new Date(Date.UTC(2024, month, 0)).getUTCDate();

/** A consent checkbox that must be ticked. Accepts the contract's `1`/`true` as well. */
export const requiredConsent = (key: string) =>
  z
    .union([z.boolean(), z.literal('1'), z.literal('true'), z.literal('0'), z.literal('false'), z.literal('')], { error: key })
    .transform((v) => v === true || v === '1' || v === 'true')
    .refine((v) => v, key);

/**
 * A date typed as `dd/mm/yyyy` (the spec's date input), or `dd.mm.yyyy` as German writes it
 * (the German hint says TT.MM.JJJJ), read as ISO `yyyy-mm-dd`; an impossible date (31/04,
 * 29/02 of a common year) is refused with `key`.
 */
export function parseDayMonthYear(value: string): string | null {
  const match = /^(\d{1,2})([/.])(\d{1,2})\2(\d{4})$/.exec(value.trim());
  if (!match) return null;
  const [day, , month, year] = match.slice(1);
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

export const dateDMY = (key: string) =>
  z
    .string({ error: key })
    .trim()
    .min(1, key)
    .transform((v, ctx) => {
      const iso = parseDayMonthYear(v);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: key });
        return z.NEVER;
      }
      return iso;
    });

/**
 * Marketing by SMS (issue 26): asked apart from marketing by e-mail, never ticked in advance,
 * never required; absent (an older form, the legacy contract) is "no".
 */
export const optionalConsent = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

/** Field errors of a zod result as `{field: messageKey}`, first error per field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The guest's name, e-mail and phone with its prefix, as every guest form asks them (field names are the contract's). */
export const contactShape = {
  nome: requiredText('nameRequired'),
  cognome: requiredText('surnameRequired'),
  email: email(),
  prefisso: prefix,
  telefono: phoneNumber,
};

/** The refinement of every form with a phone: the number must be valid for its prefix. */
export function checkPhone(v: { prefisso: string; telefono: string }, ctx: z.RefinementCtx) {
  if (!isValidPhone(v.prefisso, v.telefono)) ctx.addIssue({ code: 'custom', path: ['telefono'], message: 'phoneInvalid' });
}
