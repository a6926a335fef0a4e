import 'server-only';
import { randomBytes } from 'node:crypto';
import { BOOKING_ALPHABET, BOOKING_ID_LENGTH } from '@/lib/booking/reference';

/** Public identifiers (`hash`, `fingerprint`, promo `id`): 128 random bits, URL-safe. */
export function publicId(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * A booking's `hash` (a table or an experience booking), whose first 8 characters are the
 * reference a guest reads out on the phone (issue 45): 26 characters of an alphabet without
 * look-alikes (no `0/O`, `1/l/I`, no `_` or `-`), upper case only, 128.8 random bits. Each
 * character by rejection sampling (a byte under 248 = 8 × 31, taken mod 31), so all are even.
 */
export function bookingId(): string {
  let id = '';
  while (id.length < BOOKING_ID_LENGTH) {
    for (const byte of randomBytes(BOOKING_ID_LENGTH * 2)) {
      if (byte >= 248 || id.length === BOOKING_ID_LENGTH) continue;
      id += BOOKING_ALPHABET[byte % BOOKING_ALPHABET.length];
    }
  }
  return id;
}
