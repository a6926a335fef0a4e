/**
 * The site's one way per locale to write a day, a moment and an amount, on pages and in
 * e-mails alike (issue 29: "€ 25" beside "30 €", "9:00 PM" on one page and 21:00 elsewhere; issue 45: British
 * English dates, the 24-hour clock in formatMoment too).
 * Times are always on the 24-hour clock; amounts are written by lib/currency.ts (formatPrice, formatMoney).
 */

/**
 * One formatter per locale, time zone and shape, made once (issue 43): making an
 * Intl.DateTimeFormat costs far more than formatting with it, and a booking's e-mails format
 * a dozen dates. Locales and time zones are the site's few, so the map stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.DateTimeFormat(locale, options)));
  return formatter;
}

/**
 * The locale a language's dates are written in: the site's English is British ("programme",
 * "cancelled"), so its dates are too ("Friday 12 June 2026", not "Friday, June 12, 2026";
 * issue 45). The other languages as they are.
 */
export const dateLocale = (locale: string) => (locale.slice(0, 2) === 'en' ? 'en-GB' : locale);

/** A calendar day (yyyy-mm-dd) as the guest reads it: "Friday 12 June 2026", "venerdì 12 giugno 2026". */
export function formatLongDate(date: string, locale: string): string {
  return dateTimeFormat(dateLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** A calendar day (yyyy-mm-dd) without its weekday: "12 June 2026", "12 giugno 2026". */
export function formatDay(day: string, locale: string): string {
  return dateTimeFormat(dateLocale(locale), { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** An instant (ISO) as the venue's date and time, in the guest's language: "12 June 2026 at 20:00". */
export function formatMoment(iso: string, locale: string, timeZone: string): string {
  return dateTimeFormat(dateLocale(locale), { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** An instant in the venue's time zone, with its weekday, day, month and 24-hour time: "Wednesday 10 June, 20:00". */
export function formatDateTime(at: Date, locale: string, timeZone: string): string {
  return dateTimeFormat(dateLocale(locale), { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(at);
}

/** The reference a guest quotes on the phone (lib/booking/reference.ts): "K7WE JWKR". */
export { bookingReference } from '@/lib/booking/reference';

/** A phrase that starts a line or a sentence, capitalised in the language ("Gültig bis …", "Valable jusqu'au …"). */
export const sentenceCase = (text: string, locale: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
