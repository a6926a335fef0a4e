/**
 * The shapes of an e-mail address and a phone number, without zod or libphonenumber-js, so the
 * server's schemas (lib/forms/fields.ts) and the browser's rules (lib/forms/client-rules.ts,
 * the forms) share one definition.
 */

/** An address with one `@` and a dotted domain. */
export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** A phone number's digits as stored and sent to: the separators a guest may type (spaces, dots, dashes, brackets) dropped. */
export const phoneDigits = (telefono: string) => telefono.replace(/[\s().-]/g, '');

/** 4 to 15 digits once the separators are dropped (E.164's longest); whether they make a number is libphonenumber-js's call. */
export const hasPhoneDigits = (telefono: string) => /^\d{4,15}$/.test(phoneDigits(telefono));

type Parsed = { isPossible(): boolean; nationalNumber: string; countryCallingCode: string; formatInternational(): string };

/**
 * A number without the trunk prefix its country dials at home (lib/identity.ts `nationalNumber`),
 * given libphonenumber-js's parser: the server passes its static import, the browser its lazy one.
 */
export function nationalFrom(parse: (text: string) => Parsed | undefined, prefix: string, number: string): string {
  const typed = number.trim();
  const digits = typed.replace(/[^\d]/g, '');
  if (!/^\+\d{1,4}$/.test(prefix.trim()) || !digits) return typed;
  const parsed = parse(`${prefix.trim()}${digits}`);
  if (!parsed?.isPossible() || parsed.nationalNumber === digits) return typed;
  return parsed.formatInternational().slice(`+${parsed.countryCallingCode} `.length);
}
