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
