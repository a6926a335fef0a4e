/**
 * The one strict reading of the values a path, a query string or a body names: a date, a
 * time, a party size, an id. Each gives the value, normalised, or null; never throws and
 * never lets through a value that would crash a page later (2026-13-45, 99:99, 1e3, "abc").
 * Pages answer null with the site's 404 or send the guest back to the step with a message;
 * calls answer 400 (the zod schemas in lib/forms build on these). docs/security.md.
 */

/** `YYYY-MM-DD` naming a day that exists: 2027-02-30, 2027-13-01 and 2026-00-10 do not; 2028-02-29 does. */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1000) return false;
  // The day exists when the calendar gives it back unchanged (31/04 would roll over to 01/05).
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date, or null. */
export const parseDate = (value: unknown): string | null => (isCalendarDate(value) ? value : null);

/** `HH:mm` on a 24-hour clock, 00:00 to 23:59 (24:00 and 99:99 are no time of a day). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day, or null. */
export const parseTime = (value: unknown): string | null => (typeof value === 'string' && TIME_PATTERN.test(value) ? value : null);

/** The largest party any call accepts; a venue's own maximum is usually far lower. */
export const MAX_PARTY = 500;

/**
 * A party size: a whole number written in plain digits (no sign, exponent, decimals or spaces),
 * from 1 to `max`; or null.
 */
export function parsePax(value: unknown, max = MAX_PARTY): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= Math.min(max, MAX_PARTY) ? n : null;
}

/** An opaque id or hash from a path (letters, digits, `-` and `_`, at most 128), or null. */
export const parseId = (value: unknown): string | null => (typeof value === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(value) ? value : null);

/**
 * A path segment percent-decoded once more (the gift card routes name a card by its id, which
 * may be encoded twice by a mail client), or null when it is no valid encoding (`%E0%A4%A`),
 * which would otherwise throw.
 */
export function decodeSegment(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

/** A numeric id (a database row's): plain digits, 1 to 2^53 - 1, or null. */
export function parseNumericId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}
