import { bookingId, publicId } from '@/server/ids';
import { bookingReference, isWellFormedBookingHash } from '@/lib/booking/reference';
import { isWellFormedHash } from '@/server/booking/changes';

/** Issue 45: booking references a guest can read out on the phone, and the links sent before still valid. */
describe('booking keys and references', () => {
  it('makes keys of characters without look-alikes, upper case, 26 long, each one new', () => {
    const ids = Array.from({ length: 2000 }, bookingId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(/^[2-9A-HJKMNP-Z]{26}$/);
      expect(id).not.toMatch(/[01OIL_\-a-z]/);
    }
    // Every character of the alphabet turns up: no bias that leaves one out.
    expect(new Set(ids.join('')).size).toBe(31);
  });

  it('shows the first 8 characters in two groups of 4 for reading aloud', () => {
    expect(bookingReference('K7WEJWKR23456789ABCDEFGHJK')).toBe('K7WE JWKR');
    // A booking made before keeps the reference its e-mails were sent with.
    expect(bookingReference('_9rtjnyrAbCdEfGhIjKlMn')).toBe('_9RTJNYR');
  });

  it('accepts both shapes where a link names a booking, and nothing else', () => {
    for (const check of [isWellFormedHash, isWellFormedBookingHash]) {
      expect(check(bookingId())).toBe(true);
      expect(check(publicId())).toBe(true); // a link sent before the readable keys
      expect(check('K7WEJWKR23456789ABCDEFGHJ0')).toBe(false); // a 0 is never in a new key
      expect(check('k7wejwkr23456789abcdefghjk')).toBe(false);
      expect(check('K7WE JWKR')).toBe(false);
      expect(check('')).toBe(false);
    }
  });
});
