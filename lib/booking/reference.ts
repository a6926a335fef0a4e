/**
 * Booking keys (`hash`) and the references shown from them (issue 45). New bookings get 26
 * characters of an alphabet a guest can read out on the phone: no `0/O`, `1/l/I`, `_` or `-`,
 * upper case only. Bookings made before keep their 22-character base64url key, and the links
 * already sent with it keep working: both shapes are accepted wherever a hash is checked.
 */
export const BOOKING_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const BOOKING_ID_LENGTH = 26;

const NEW_SHAPE = /^[2-9A-HJKMNP-Z]{26}$/;
const OLD_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** A booking key of either shape (the new readable one, or the base64url of earlier links). */
export const isWellFormedBookingHash = (hash: string) => NEW_SHAPE.test(hash) || OLD_SHAPE.test(hash);

/**
 * The reference of a booking, as shown and read aloud: its key's first 8 characters, in two
 * groups of 4 for a new key ("K7WE JWKR"); an earlier key keeps the reference it was sent with.
 */
export function bookingReference(hash: string): string {
  const head = hash.slice(0, 8).toUpperCase();
  return NEW_SHAPE.test(hash) ? `${head.slice(0, 4)} ${head.slice(4)}` : head;
}
