import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { nationalFrom } from '@/lib/forms/shapes';

/**
 * One guest, one identity, wherever a rule counts or deduplicates by phone or e-mail (the
 * promo code's one per guest, the booking, SMS and loyalty limits; docs/security.md). What
 * the guest typed is still stored and used as typed (to send to); these forms are only compared.
 */

/** Providers that deliver `v.x@` and `vx@` to one inbox. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The inbox an address reaches: case-folded, the `+tag` dropped, and for gmail.com and
 * googlemail.com the dots of the local part dropped too (googlemail.com is gmail.com):
 * `V.X+promo@GMail.com` is `vx@gmail.com`.
 */
export function canonicalEmail(email: string): string {
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  if (at < 1) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * A phone number in E.164 (`+447911122210`), read by libphonenumber-js: with its own `+` or
 * `00` prefix, else in `country`'s numbering (the venue's country). The trunk prefix a guest
 * may type after the country code is dropped (`+44 07911…`, `+1 1 201…`). A number it cannot
 * read is compared by its digits (with the `+` when typed).
 */
export function canonicalPhone(raw: string, country?: string | null): string {
  const typed = raw.trim().replace(/[\s().\-/]/g, '').replace(/^00/, '+');
  const region = country && /^[A-Za-z]{2}$/.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  try {
    const parsed = typed.startsWith('+') ? parsePhoneNumberFromString(typed) : parsePhoneNumberFromString(typed, region);
    if (parsed?.isPossible()) return parsed.number;
  } catch {
    // Not a number libphonenumber-js reads: compared as typed.
  }
  return typed.replace(/[^\d+]/g, '');
}

/**
 * An e-mail address as it is stored and sent to: as the guest typed it, trimmed (a mailbox's
 * local part may be case-sensitive). Rules that compare addresses use canonicalEmail.
 */
export const normalizeEmail = (email: string) => email.trim();

/** The phone of a form (its prefix select and number field) in E.164. */
export const canonicalPhoneOf = (prefisso: string, telefono: string, country?: string | null) => canonicalPhone(`${prefisso.trim()}${telefono}`, country);

/**
 * A phone number as people read it, grouped in its country's format ("+39 347 123 4567",
 * "+44 7911 122210"); as typed when it cannot be read (issue 29: not "+39 3471234567").
 */
export function displayPhone(prefix: string, number: string): string {
  const typed = `${prefix} ${number}`.trim();
  const digits = `${prefix}${number}`.replace(/[^\d+]/g, '');
  if (!digits) return typed;
  const parsed = parsePhoneNumberFromString(digits.startsWith('+') ? digits : `+${digits}`);
  return parsed?.isPossible() ? parsed.formatInternational() : typed;
}

/**
 * The number a guest typed, without the trunk prefix their country dials at home and not from
 * abroad (issue 45: "+44 07911 123459" is stored as "7911 123459", "+33 06 12 34 56 37" as
 * "6 12 34 56 37"), grouped as the country writes it. Italy's leading 0 is part of the number
 * and stays. A number libphonenumber-js cannot read is kept as typed (trimmed).
 */
export function nationalNumber(prefix: string, number: string): string {
  return nationalFrom(parsePhoneNumberFromString, prefix, number);
}

/** A form's values with the phone's trunk prefix dropped (`nationalNumber`): what the server stores. */
export const withNationalPhone = <T extends { prefisso: string; telefono: string }>(v: T): T => ({ ...v, telefono: nationalNumber(v.prefisso, v.telefono) });
